/**
 * The web application's composition root: assembles the server from its settings
 * ({@link dev.switchboard.web.Switchboard}), registers the filters and servlets with the container,
 * and holds the servlets (card, keys, catalogue, error page) and the Jakarta REST application with
 * its landing page and health. May use every package; none uses it.
 */
package dev.switchboard.web;
