package dev.switchboard.protocol;

import java.util.Objects;

/**
 * A way to authenticate that the card declares: an HTTP bearer token, or an API key in a header.
 *
 * @param name       the scheme's name on the card
 * @param headerName for an API key, the header that carries it; null for bearer
 */
public record SecurityScheme(String name, Kind kind, String headerName, String description) {

    /** The kinds of scheme this server can declare. */
    public enum Kind { HTTP_BEARER, API_KEY_HEADER }

    public SecurityScheme {
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(kind, "kind");
    }
}
