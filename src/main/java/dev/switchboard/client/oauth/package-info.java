/**
 * OAuth 2 logins for the client: a user signs in at the authorization server an agent's card names
 * (authorization code with PKCE over a loopback redirect, or the device authorization grant), and
 * the tokens are kept in owner-only files, refreshed before they expire and revoked on logout.
 * Public: {@link dev.switchboard.client.oauth.OAuthLogin} (how to sign in),
 * {@link dev.switchboard.client.oauth.OAuthSession} (a signed-in user's tokens, handed to
 * {@code Credentials.Builder.bearerTokens}), {@link dev.switchboard.client.oauth.TokenStore} and
 * {@link dev.switchboard.client.oauth.OAuthException}; the rest is package-private. Depends on the
 * JDK (java.net.http, the JDK's HTTP server for the loopback redirect), JSON-P and the client's
 * card types; the client does not depend on it.
 */
package dev.switchboard.client.oauth;
