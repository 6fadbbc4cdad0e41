package dev.switchboard.client;

import java.net.URI;
import java.net.URLEncoder;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.Set;

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
 * <p>Credentials stay home: they are bound to the origin (scheme, host and port) of the agent whose
 * card was discovered, or named by the card's URL when a client is built from a card kept earlier.
 * <ul>
 *   <li>A card whose interface is on another origin, plain http for an https agent included, gets
 *       no credentials: {@link A2AClient.Builder#build} refuses it with an
 *       {@link A2AClientException} naming both origins, unless that origin was allowed with
 *       {@link Builder#allowOrigin}. A client without credentials (and without extra headers) goes
 *       wherever the card points.</li>
 *   <li>The OAuth client secret goes only to the token URL given here, or to the card's token URL
 *       when it is on the agent's origin or an allowed one. Tokens are cached per token endpoint
 *       and per agent origin.</li>
 *   <li>A redirect is followed only to a permitted origin while credentials are attached, and
 *       never from https to http.</li>
 * </ul>
 *
 * <p>Immutable and thread-safe: one instance may serve many clients at once, and an OAuth 2 token
 * it fetched is shared by the clients of the same agent.
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
    private final java.util.function.Supplier<String> bearerTokens;
    private final String apiKey;
    private final String basic;
    private final Map<String, String> headers;
    private final OAuthClientCredentials oauth;
    private final String callerKey;
    private final Set<String> allowedOrigins;

    private Credentials(Builder builder) {
        this.callerKey = builder.callerKey != null ? builder.callerKey : java.util.UUID.randomUUID().toString();
        this.bearerToken = builder.bearerToken;
        this.bearerTokens = builder.bearerTokens;
        this.apiKey = builder.apiKey;
        this.basic = builder.basic;
        this.headers = Map.copyOf(builder.headers);
        this.oauth = builder.oauth;
        this.allowedOrigins = Set.copyOf(builder.allowedOrigins);
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

    /** Where these credentials may go for the agent whose card is at (or whose origin is) {@code home}. */
    CredentialScope scope(URI home) {
        return new CredentialScope(home, allowedOrigins);
    }

    /**
     * Applies the credentials to a request for {@code uri} under the card's schemes. The caller has
     * checked that {@code uri} is in the scope.
     *
     * @param fetch sends the OAuth token request, when one is due
     */
    Authorized authorize(URI uri, List<CardScheme> schemes, CredentialScope scope, TokenFetch fetch) {
        Map<String, String> out = new LinkedHashMap<>(headers);
        URI target = uri;
        if (bearerToken != null) {
            out.put("Authorization", "Bearer " + bearerToken);
        } else if (bearerTokens != null) {
            out.put("Authorization", "Bearer " + Objects.requireNonNull(bearerTokens.get(), "the bearer token source gave none"));
        } else if (oauth != null) {
            out.put("Authorization", "Bearer " + oauth.token(tokenUrl(schemes, scope), scope.home(), fetch));
        } else if (basic != null) {
            out.put("Authorization", "Basic " + Base64.getEncoder().encodeToString(basic.getBytes(StandardCharsets.UTF_8)));
        } else if (apiKey == null && scope.permits(uri)) {
            // the caller key is the anonymous client's identity: it stays home like a credential,
            // while the anonymous calls themselves may go wherever the card points
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

    /**
     * Where the OAuth client secret goes: the token URL given here, else the card's when it is in
     * the scope; null without OAuth credentials.
     *
     * @throws A2AClientException when there is none, or the card's is on another origin
     */
    URI tokenUrl(List<CardScheme> schemes, CredentialScope scope) {
        if (oauth == null || oauth.tokenUrl() != null) {
            return oauth == null ? null : oauth.tokenUrl();
        }
        URI fromCard = schemes.stream().filter(s -> s.type() == CardScheme.Type.OAUTH2 && s.tokenUrl() != null)
                .map(s -> URI.create(s.tokenUrl())).findFirst()
                .orElseThrow(() -> new A2AClientException(
                        "OAuth 2 client credentials given, but the card names no token URL; pass one"));
        if (!scope.permits(fromCard)) {
            throw scope.refusal(fromCard, "the card's OAuth token URL (the client secret goes to a token URL on"
                    + " the agent's origin, or to one you pass)");
        }
        return fromCard;
    }

    /** Only the extra headers, for requests that need no authentication (the public card). */
    Authorized headersOnly(URI uri) {
        return new Authorized(uri, headers);
    }

    /** Whether any credential (beyond extra headers) was supplied. */
    public boolean isEmpty() {
        return bearerToken == null && bearerTokens == null && apiKey == null && basic == null && oauth == null;
    }

    /** Whether the public card's request carries anything: the extra headers. */
    boolean hasHeaders() {
        return !headers.isEmpty();
    }

    /** Whether a call carries anything that must stay home: a credential or an extra header. */
    boolean attachesAnything() {
        return !isEmpty() || hasHeaders();
    }

    /** For a discovery trace: what kind of credential will be sent, never the value. */
    public String describe(List<CardScheme> schemes) {
        StringBuilder text = new StringBuilder();
        if (bearerToken != null) {
            text.append("Authorization: Bearer ***");
        } else if (bearerTokens != null) {
            text.append("Authorization: Bearer *** (from a token source, e.g. an OAuth 2 login)");
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
        private java.util.function.Supplier<String> bearerTokens;
        private String apiKey;
        private String basic;
        private final Map<String, String> headers = new LinkedHashMap<>();
        private OAuthClientCredentials oauth;
        private String callerKey;
        private final Set<String> allowedOrigins = new LinkedHashSet<>();

        private Builder() {
        }

        /**
         * Lets these credentials also go to this origin ({@code https://host[:port]}), trusted
         * like the agent's own: for an agent whose card names an interface, token URL or redirect
         * on another host. Repeatable. Allowing an {@code http:} origin sends the credentials in
         * the clear.
         *
         * @throws IllegalArgumentException when the text is not an http(s) origin without a path
         */
        public Builder allowOrigin(String origin) {
            allowedOrigins.add(CredentialScope.parse(Objects.requireNonNull(origin, "origin")));
            return this;
        }

        public Builder bearerToken(String token) {
            this.bearerToken = Objects.requireNonNull(token, "token");
            this.bearerTokens = null;
            return this;
        }

        /**
         * A bearer token asked of {@code source} for every request, so that a token that is
         * refreshed (an OAuth 2 login's {@code OAuthSession::accessToken}) is always the current
         * one. The source is called on the requesting thread; what it throws ends the request.
         * Replaces a fixed {@link #bearerToken}.
         */
        public Builder bearerTokens(java.util.function.Supplier<String> source) {
            this.bearerTokens = Objects.requireNonNull(source, "source");
            this.bearerToken = null;
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
         * endpoint with HTTP Basic, and its access tokens are cached per token endpoint and agent
         * origin, shared by the clients of that agent, and fetched anew shortly before they expire
         * (a tenth of the lifetime early, at least 5 s and at most 60 s).
         *
         * @param tokenUrl null to use the token URL of the card's OAuth 2 scheme, which must then be
         *                 on the agent's origin (or an {@link #allowOrigin allowed} one)
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
