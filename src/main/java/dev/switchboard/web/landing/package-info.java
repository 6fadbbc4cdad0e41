/**
 * The page a person sees at the agent's URL: the agent described from its card, and a form that
 * sends it a message from the browser, with the script and style sheet it loads (served from the
 * WAR under a strict Content-Security-Policy). It depends on the {@code protocol} card model,
 * {@code config} and {@code web.binding}'s error bodies, never on the server it describes.
 */
package dev.switchboard.web.landing;
