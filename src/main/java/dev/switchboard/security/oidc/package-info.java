/**
 * Access tokens of an OpenID Connect provider as bearer credentials: the provider's metadata and
 * JWK Set fetched from the configured issuer only, JWT access tokens verified (signature,
 * algorithm, time, issuer, audience) and their claims mapped to a caller and its tier. It gives
 * the web layer a function from token to caller and depends only on settings and
 * {@link dev.switchboard.security}, which knows nothing of it.
 */
package dev.switchboard.security.oidc;
