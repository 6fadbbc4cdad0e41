package dev.switchboard.config;

import java.net.URI;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * An OpenID Connect provider whose JWT access tokens are accepted as bearer tokens, and how their
 * claims map to tiers.
 *
 * @param issuer             the issuer URL exactly as its tokens' {@code iss} names it (some providers end it
 *                           with a slash, most do not)
 * @param audiences          of which a token's {@code aud} must name one
 * @param requiredScopes     scopes every token must carry
 * @param allowHttp          whether the issuer may be a plain http URL
 * @param roleClaims         dotted claim paths whose values are read as roles (a space-separated string counts
 *                           as several, as {@code scope} is)
 * @param operatorRoles      roles that make the holder the operator
 * @param authenticatedRoles roles that give the authenticated tier; empty: every valid token does
 * @param clockSkew          tolerated clock difference on {@code exp}, {@code nbf} and {@code iat}
 * @param introspection      the client opaque tokens are introspected with, or null when they are refused
 */
public record OidcSettings(URI issuer, Set<String> audiences, Set<String> requiredScopes, boolean allowHttp,
                           List<String> roleClaims, Set<String> operatorRoles, Set<String> authenticatedRoles,
                           Duration clockSkew, IntrospectionClient introspection) {
    public static final List<String> DEFAULT_ROLE_CLAIMS = List.of("realm_access.roles", "roles", "groups", "scope",
            "scp");
    public static final int DEFAULT_CLOCK_SKEW_SECONDS = 60;

    /** The client this server introspects tokens with (RFC 7662, section 2.1: the endpoint wants one). */
    public record IntrospectionClient(String clientId, String secret) {
        public IntrospectionClient {
            Objects.requireNonNull(clientId, "clientId");
            Objects.requireNonNull(secret, "secret");
        }

        @Override
        public String toString() {
            return "IntrospectionClient[" + clientId + ", secret=***]";
        }
    }

    public OidcSettings {
        Objects.requireNonNull(issuer, "issuer");
        audiences = Set.copyOf(audiences);
        requiredScopes = Set.copyOf(requiredScopes);
        roleClaims = List.copyOf(roleClaims);
        operatorRoles = Set.copyOf(operatorRoles);
        authenticatedRoles = Set.copyOf(authenticatedRoles);
        Objects.requireNonNull(clockSkew, "clockSkew");
    }

    /** Where the provider's metadata is published (OpenID Connect Discovery 1.0, section 4). */
    public URI discoveryUrl() {
        String base = issuer.toString();
        return URI.create((base.endsWith("/") ? base.substring(0, base.length() - 1) : base)
                + "/.well-known/openid-configuration");
    }

    /** The provider configured, or null when no issuer is set. */
    static OidcSettings load(SettingsLoader loader) {
        String value = loader.raw(Setting.OIDC_ISSUER);
        if (value == null) {
            return null;
        }
        boolean allowHttp = loader.bool(Setting.OIDC_ALLOW_HTTP, false);
        URI issuer = issuer(loader, allowHttp);
        Set<String> audiences = loader.list(Setting.OIDC_AUDIENCE);
        if (audiences.isEmpty()) {
            // without an audience check, a token the provider issued to any other application would be accepted here
            throw new InvalidSettingException(Setting.OIDC_AUDIENCE, null, "must be set when "
                    + Setting.OIDC_ISSUER.key() + " is set: the audience tokens for this agent carry");
        }
        String claims = loader.raw(Setting.OIDC_ROLE_CLAIMS);
        List<String> roleClaims = claims == null ? DEFAULT_ROLE_CLAIMS
                : Arrays.stream(claims.split(",")).map(String::trim).filter(c -> !c.isEmpty()).toList();
        if (roleClaims.stream().anyMatch(c -> !c.matches("[A-Za-z0-9_:/-]+(\\.[A-Za-z0-9_:/-]+)*"))) {
            throw new InvalidSettingException(Setting.OIDC_ROLE_CLAIMS, claims,
                    "must list claim names or dotted paths, e.g. realm_access.roles,groups");
        }
        return new OidcSettings(issuer, audiences, loader.list(Setting.OIDC_REQUIRED_SCOPES), allowHttp, roleClaims,
                loader.list(Setting.OIDC_OPERATOR_ROLES), loader.list(Setting.OIDC_AUTHENTICATED_ROLES),
                Duration.ofSeconds(loader.integer(Setting.OIDC_CLOCK_SKEW, DEFAULT_CLOCK_SKEW_SECONDS, 0, 300)),
                introspection(loader));
    }

    private static IntrospectionClient introspection(SettingsLoader loader) {
        String clientId = loader.raw(Setting.OIDC_INTROSPECTION_CLIENT_ID);
        String secret = loader.raw(Setting.OIDC_INTROSPECTION_CLIENT_SECRET);
        if ((clientId == null) != (secret == null)) {
            throw new InvalidSettingException(clientId == null ? Setting.OIDC_INTROSPECTION_CLIENT_ID
                    : Setting.OIDC_INTROSPECTION_CLIENT_SECRET, null, "must be set with "
                    + (clientId == null ? Setting.OIDC_INTROSPECTION_CLIENT_SECRET : Setting.OIDC_INTROSPECTION_CLIENT_ID)
                    .key());
        }
        return clientId == null ? null : new IntrospectionClient(clientId, secret);
    }

    private static URI issuer(SettingsLoader loader, boolean allowHttp) {
        URI url = loader.optionalUrl(Setting.OIDC_ISSUER);
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new InvalidSettingException(Setting.OIDC_ISSUER, url.toString(), "must not have a query or fragment");
        }
        if (url.getScheme().equalsIgnoreCase("http") && !allowHttp) {
            throw new InvalidSettingException(Setting.OIDC_ISSUER, url.toString(), "must be https (set "
                    + Setting.OIDC_ALLOW_HTTP.key() + "=true only for tests and a provider in development mode)");
        }
        return url;
    }
}
