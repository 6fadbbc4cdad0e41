package dev.switchboard.protocol;

import java.util.Objects;

/**
 * A way to authenticate that the card declares: an HTTP bearer token, an API key in a header, or
 * an OpenID Connect provider's access token.
 *
 * @param name       the scheme's name on the card
 * @param headerName for an API key, the header that carries it; else null
 * @param url        for OpenID Connect, the provider's discovery document ({@code openIdConnectUrl}); else null
 */
public record SecurityScheme(String name, Kind kind, String headerName, String description, String url) {

    /** The kinds of scheme this server can declare. */
    public enum Kind { HTTP_BEARER, API_KEY_HEADER, OPEN_ID_CONNECT }

    public SecurityScheme {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
        if (kind == Kind.OPEN_ID_CONNECT) {
            Objects.requireNonNull(url, "url");
        }
    }

    public SecurityScheme(String name, Kind kind, String headerName, String description) {
        this(name, kind, headerName, description, null);
    }

    /** @param discoveryUrl the provider's {@code /.well-known/openid-configuration} */
    public static SecurityScheme openIdConnect(String name, String discoveryUrl, String description) {
        return new SecurityScheme(name, Kind.OPEN_ID_CONNECT, null, description, discoveryUrl);
    }
}
