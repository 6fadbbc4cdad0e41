package dev.switchboard.client;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * What the caller supplies to authenticate, applied the way the agent's card asks for it. Secrets
 * are never part of {@link #toString()}, of exception messages or of a discovery trace.
 *
 * <p>Which credential goes where: a bearer token in {@code Authorization: Bearer}; an API key in the
 * header, query parameter or cookie the card's {@code apiKey} scheme names ({@code X-API-Key} header
 * when the card names none); {@code user:password} as HTTP Basic; an OAuth 2 client's token as a
 * bearer token, fetched from the card's client-credentials token URL unless one was given. Extra
 * headers are always sent. Mutual TLS is configured on the HTTP client ({@link ClientTls}), not here.
 *
 * <p>Immutable and thread-safe: one instance may serve many clients at once, and an OAuth 2 token
 * it fetched is shared by all of them.
 */
public final class Credentials {
    /** The header an API key goes in when the card does not say. */
    public static final String DEFAULT_API_KEY_HEADER = "X-API-Key";
    /**
     * The header an anonymous caller names itself with on a Switchboard agent (other agents ignore
     * it), so that its tasks are its own and it can list them from one request to the next.
     */
    public static final String CALLER_KEY_HEADER = "X-Switchboard-Caller-Key";

    private final String bearerToken;
    private final String apiKey;
    private final String basic;
    private final Map<String, String> headers;
    private final OAuthClientCredentials oauth;
    private final String callerKey;

    private Credentials(Builder builder) {
        this.callerKey = builder.callerKey != null ? builder.callerKey : java.util.UUID.randomUUID().toString();
        this.bearerToken = builder.bearerToken;
        this.apiKey = builder.apiKey;
        this.basic = builder.basic;
        this.headers = Map.copyOf(builder.headers);
        this.oauth = builder.oauth;
    }

    public static Credentials none() {
        return builder().build();
    }

    public static Builder builder() {
        return new Builder();
    }

    /** A request's target and headers once the credentials are applied. */
    record Authorized(URI uri, Map<String, String> headers) {
        @Override
        public String toString() {
            return "Authorized[" + uri.getPath() + ", headers=" + headers.keySet() + "]";
        }
    }

    /**
     * Applies the credentials to a request for {@code uri} under the card's schemes.
     *
     * @param fetch sends the OAuth token request, when one is due
     */
    Authorized authorize(URI uri, List<CardScheme> schemes, TokenFetch fetch) {
        Map<String, String> out = new LinkedHashMap<>(headers);
        URI target = uri;
        if (bearerToken != null) {
            out.put("Authorization", "Bearer " + bearerToken);
        } else if (oauth != null) {
            String tokenUrl = oauth.tokenUrl().orElseGet(() -> schemes.stream()
                    .filter(s -> s.type() == CardScheme.Type.OAUTH2 && s.tokenUrl() != null)
                    .map(CardScheme::tokenUrl).findFirst()
                    .orElseThrow(() -> new A2AClientException(
                            "OAuth 2 client credentials given, but the card names no token URL; pass one")));
            out.put("Authorization", "Bearer " + oauth.token(URI.create(tokenUrl), fetch));
        } else if (basic != null) {
            out.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(basic.getBytes(StandardCharsets.UTF_8)));
        } else if (apiKey == null) {
            out.putIfAbsent(CALLER_KEY_HEADER, callerKey);
        }
        if (apiKey != null) {
            Optional<CardScheme> scheme = schemes.stream().filter(s -> s.type() == CardScheme.Type.API_KEY
                    && s.paramName() != null).findFirst();
            String location = scheme.map(CardScheme::location).orElse("header");
            String name = scheme.map(CardScheme::paramName).orElse(DEFAULT_API_KEY_HEADER);
            switch (location) {
                case "query" -> target = withQuery(uri, name, apiKey);
                case "cookie" -> out.merge("Cookie", name + "=" + apiKey, (a, b) -> a + "; " + b);
                default -> out.put(name, apiKey);
            }
        }
        return new Authorized(target, out);
    }

    /** Only the extra headers, for requests that need no authentication (the public card). */
    Authorized headersOnly(URI uri) {
        return new Authorized(uri, headers);
    }

    /** Whether any credential (beyond extra headers) was supplied. */
    public boolean isEmpty() {
        return bearerToken == null && apiKey == null && basic == null && oauth == null;
    }

    /** For a discovery trace: what kind of credential will be sent, never the value. */
    public String describe(List<CardScheme> schemes) {
        StringBuilder text = new StringBuilder();
        if (bearerToken != null) {
            text.append("Authorization: Bearer ***");
        } else if (oauth != null) {
            text.append("Authorization: Bearer *** (OAuth 2 client credentials)");
        } else if (basic != null) {
            text.append("Authorization: Basic ***");
        }
        if (apiKey != null) {
            Optional<CardScheme> scheme = schemes.stream().filter(s -> s.type() == CardScheme.Type.API_KEY
                    && s.paramName() != null).findFirst();
            append(text, "API key in " + scheme.map(CardScheme::location).orElse("header") + " '"
                    + scheme.map(CardScheme::paramName).orElse(DEFAULT_API_KEY_HEADER) + "'");
        }
        headers.keySet().forEach(name -> append(text, name + ": ***"));
        if (isEmpty()) {
            append(text, "anonymous, " + CALLER_KEY_HEADER + ": ***");
        }
        return text.toString();
    }

    private static void append(StringBuilder text, String item) {
        if (!text.isEmpty()) {
            text.append(", ");
        }
        text.append(item);
    }

    private static URI withQuery(URI uri, String name, String value) {
        String pair = URLEncoder.encode(name, StandardCharsets.UTF_8) + "="
                + URLEncoder.encode(value, StandardCharsets.UTF_8);
        String raw = uri.toString();
        return URI.create(raw + (uri.getRawQuery() == null ? "?" : "&") + pair);
    }

    @Override
    public String toString() {
        return "Credentials[" + describe(List.of()) + "]";
    }

    /** Sends a token request: the form body to the token URL with the given headers; returns the JSON answer. */
    @FunctionalInterface
    interface TokenFetch {
        jakarta.json.JsonObject post(URI tokenUrl, Map<String, String> headers, String form);
    }

    /** Collects credentials; every method replaces an earlier value of the same kind. */
    public static final class Builder {
        private String bearerToken;
        private String apiKey;
        private String basic;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private OAuthClientCredentials oauth;
        private String callerKey;

        private Builder() {
        }

        public Builder bearerToken(String token) {
            this.bearerToken = Objects.requireNonNull(token, "token");
            return this;
        }

        /** An API key, placed where the card's API key scheme says. */
        public Builder apiKey(String key) {
            this.apiKey = Objects.requireNonNull(key, "key");
            return this;
        }

        /** HTTP Basic from {@code user:password}. */
        public Builder basic(String userColonPassword) {
            if (!userColonPassword.contains(":")) {
                throw new IllegalArgumentException("basic credentials must be user:password");
            }
            this.basic = userColonPassword;
            return this;
        }

        public Builder basic(String user, String password) {
            return basic(user + ":" + password);
        }

        /**
         * The caller key sent when no credential is: without one, every {@code Credentials} object
         * has a random key of its own, so a client is one caller for as long as it lives. Give a
         * key kept elsewhere (the CLI keeps one in its config directory) to be the same caller
         * across runs. Treat it as a secret: whoever presents it sees its tasks.
         */
        public Builder callerKey(String key) {
            this.callerKey = Objects.requireNonNull(key, "key").strip();
            return this;
        }

        /** A header sent on every request, e.g. a gateway's own key. */
        public Builder header(String name, String value) {
            if (name.isBlank() || name.contains(":") || name.contains("\n") || value.contains("\n")) {
                throw new IllegalArgumentException("invalid header name or value: " + name);
            }
            headers.put(name.strip(), value.strip());
            return this;
        }

        /** Parses {@code Name: value}. */
        public Builder header(String nameColonValue) {
            int colon = nameColonValue.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("a header must be Name:value");
            }
            return header(nameColonValue.substring(0, colon), nameColonValue.substring(colon + 1));
        }

        /**
         * An OAuth 2 client (client credentials grant, RFC 6749 §4.4): it authenticates to the token
         * endpoint with HTTP Basic, and its access token is cached, shared by every client built
         * with these credentials, and fetched anew shortly before it expires (a tenth of its
         * lifetime early, at least 5 s and at most 60 s).
         *
         * @param tokenUrl null to use the token URL of the card's OAuth 2 scheme
         * @param scopes   the scopes asked for; empty for the token endpoint's default
         */
        public Builder oauthClientCredentials(String clientId, String clientSecret, URI tokenUrl, List<String> scopes) {
            return oauthClientCredentials(new OAuthClientCredentials(clientId, clientSecret, tokenUrl, scopes));
        }

        Builder oauthClientCredentials(OAuthClientCredentials credentials) {
            this.oauth = Objects.requireNonNull(credentials, "credentials");
            return this;
        }

        public Credentials build() {
            return new Credentials(this);
        }
    }
}
