package dev.switchboard.client.oauth;

import dev.switchboard.client.PeerCard;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.time.Instant;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.function.Consumer;

/**
 * Signs a user in at an authorization server, as a public client (no secret), and keeps the tokens
 * in a {@link TokenStore}:
 * <ul>
 *   <li><b>Authorization code with PKCE</b> (RFC 6749 §4.1, RFC 7636 S256): the authorization URL
 *       is shown to the user and handed to the {@link Builder#browser browser}, and the code comes
 *       back to a listener on the loopback interface at the {@link Builder#redirectUri redirect URI}
 *       (default {@value #DEFAULT_REDIRECT_URI}), which checks {@code state}, takes one callback and
 *       gives up after the {@link Builder#timeout timeout}. An {@code iss} in the callback must name
 *       the issuer (RFC 9207).</li>
 *   <li><b>Device authorization</b> (RFC 8628), when the issuer offers it and the user has no
 *       display ({@link Builder#display}), or when asked for ({@link Grant#DEVICE_CODE}): the
 *       verification URL and user code are shown, and the token endpoint is polled at the interval
 *       the server asks (slower on {@code slow_down}).</li>
 * </ul>
 * The issuer's endpoints come from its metadata (RFC 8414 / OpenID Connect discovery), found from
 * the {@link Builder#issuer issuer} or from the agent's {@link Builder#card card}. Without a
 * {@link Builder#clientId client id}, the one registered at this issuer before is used, else the
 * client registers itself (RFC 7591) where the metadata names a {@code registration_endpoint}.
 *
 * <pre>{@code
 * OAuthSession session = OAuthLogin.builder().card(card).clientId("switchboard-cli")
 *         .store(TokenStore.in(configDir.resolve("oauth"))).build().login();
 * Credentials credentials = Credentials.builder().bearerTokens(session::accessToken).build();
 * }</pre>
 * What is shown to the user goes to the {@link Builder#prompt prompt} (the authorization URL,
 * the user code); tokens, codes and verifiers never do.
 */
public final class OAuthLogin {
    /** The redirect URI when none is given: a fixed loopback port, so it can be registered exactly. */
    public static final String DEFAULT_REDIRECT_URI = "http://localhost:19876/a2a/oauth/callback";
    static final String DEVICE_GRANT = "urn:ietf:params:oauth:grant-type:device_code";

    /** Which grant {@link #login()} uses. */
    public enum Grant {
        /** Device code when there is no display and the issuer offers it, else authorization code. */
        AUTO,
        AUTHORIZATION_CODE,
        DEVICE_CODE
    }

    private final Builder config;
    private final OAuthHttp http;

    private OAuthLogin(Builder builder) {
        this.config = builder.copy();
        this.http = builder.httpClient == null ? OAuthHttp.standard()
                : new OAuthHttp(builder.httpClient, Duration.ofSeconds(30));
    }

    public static Builder builder() {
        return new Builder();
    }

    /**
     * Signs the user in: reads the issuer's metadata, registers a client if need be, runs the grant
     * (waiting for the user up to the timeout) and saves the tokens.
     *
     * @throws OAuthException when the issuer cannot be used, the user did not finish in time, or the
     *                        server refused (its OAuth error code in {@link OAuthException#error()})
     */
    public OAuthSession login() {
        AuthorizationServer server = config.issuer != null ? AuthorizationServer.discover(http, config.issuer)
                : AuthorizationServer.fromCard(http, config.card);
        if (!server.codeChallengeMethods().isEmpty() && !server.codeChallengeMethods().contains("S256")) {
            throw new OAuthException(server.issuer() + " does not offer PKCE with S256, which the client requires");
        }
        boolean device = switch (config.grant) {
            case DEVICE_CODE -> true;
            case AUTHORIZATION_CODE -> false;
            case AUTO -> server.deviceAuthorizationEndpoint() != null
                    && (!config.display || server.authorizationEndpoint() == null);
        };
        if (device && server.deviceAuthorizationEndpoint() == null) {
            throw new OAuthException(server.issuer() + " offers no device authorization grant");
        }
        if (!device && server.authorizationEndpoint() == null) {
            throw new OAuthException(server.issuer() + " offers no authorization code grant"
                    + (server.deviceAuthorizationEndpoint() == null ? "" : "; use the device code grant"));
        }
        String clientId = clientId(server, device);
        JsonObject answer = device ? new DeviceGrant(http, server, clientId, config.scopes, config.prompt,
                config.timeout).run() : new AuthorizationCodeGrant(http, server, clientId, config.redirectUri,
                config.scopes, config.browser, config.prompt, config.timeout).run();
        URI agent = config.agent != null ? config.agent : config.card != null ? config.card.cardUrl() : null;
        Set<String> agents = new LinkedHashSet<>();
        config.store.find(server.issuer(), clientId).ifPresent(before -> agents.addAll(before.agents()));
        if (agent != null) {
            agents.add(AuthorizationServer.origin(agent));
        }
        TokenStore.StoredLogin empty = new TokenStore.StoredLogin(server.issuer(), clientId, server.tokenEndpoint(),
                server.revocationEndpoint(), null, null, null, String.join(" ", config.scopes), agents, Instant.now());
        TokenStore.StoredLogin login = OAuthSession.tokens(answer, empty, Instant.now());
        config.store.save(login);
        return new OAuthSession(login, config.store, http);
    }

    private String clientId(AuthorizationServer server, boolean device) {
        if (config.clientId != null) {
            return config.clientId;
        }
        return config.store.registeredClient(server.issuer()).orElseGet(() -> {
            if (server.registrationEndpoint() == null) {
                throw new OAuthException(server.issuer() + " offers no dynamic client registration; give a client id"
                        + " registered there");
            }
            String registered = ClientRegistration.register(http, server, config.clientName, config.redirectUri, device);
            config.store.saveRegisteredClient(server.issuer(), registered);
            return registered;
        });
    }

    @Override
    public String toString() {
        return "OAuthLogin[" + (config.issuer != null ? config.issuer : "from the card") + ", clientId="
                + config.clientId + ", grant=" + config.grant + "]";
    }

    /** Configures a login; {@link #store} and one of {@link #issuer} or {@link #card} are required. */
    public static final class Builder {
        private String issuer;
        private PeerCard card;
        private URI agent;
        private String clientId;
        private String clientName = "Switchboard CLI";
        private URI redirectUri = URI.create(DEFAULT_REDIRECT_URI);
        private List<String> scopes = List.of();
        private TokenStore store;
        private Consumer<URI> browser = url -> { };
        private Consumer<String> prompt = System.err::println;
        private Grant grant = Grant.AUTO;
        private boolean display = true;
        private Duration timeout = Duration.ofMinutes(5);
        private HttpClient httpClient;

        private Builder() {
        }

        /** The issuer, whose metadata is fetched from its well-known paths; wins over the card's. */
        public Builder issuer(String value) {
            this.issuer = Objects.requireNonNull(value, "issuer");
            return this;
        }

        /**
         * The agent's card: its OAuth 2 or OpenID Connect scheme names the issuer's metadata (or its
         * flows' URLs), and the login is recorded for the card's origin.
         */
        public Builder card(PeerCard value) {
            this.card = Objects.requireNonNull(value, "card");
            return this;
        }

        /** The agent the login is for, when it is not the card's: its tokens are offered to it only. */
        public Builder agent(URI value) {
            this.agent = Objects.requireNonNull(value, "agent");
            return this;
        }

        public Builder clientId(String value) {
            this.clientId = Objects.requireNonNull(value, "clientId");
            return this;
        }

        /** The {@code client_name} of a dynamic registration. Default {@code Switchboard CLI}. */
        public Builder clientName(String value) {
            this.clientName = Objects.requireNonNull(value, "clientName");
            return this;
        }

        /**
         * Where the authorization server sends the user back: an {@code http} URI on
         * {@code localhost}, {@code 127.0.0.1} or {@code [::1]}, listened on at the loopback
         * interface only; port 0 takes any free port (for servers that allow any loopback port,
         * RFC 8252 §7.3). Default {@value OAuthLogin#DEFAULT_REDIRECT_URI}.
         */
        public Builder redirectUri(URI value) {
            this.redirectUri = Objects.requireNonNull(value, "redirectUri");
            return this;
        }

        public Builder scopes(List<String> value) {
            this.scopes = List.copyOf(value);
            return this;
        }

        public Builder store(TokenStore value) {
            this.store = Objects.requireNonNull(value, "store");
            return this;
        }

        /** Opens the authorization URL for the user (e.g. runs {@code xdg-open}); default: does nothing. */
        public Builder browser(Consumer<URI> value) {
            this.browser = Objects.requireNonNull(value, "browser");
            return this;
        }

        /** Shows the user what to do (the URL, the user code). Default: standard error. */
        public Builder prompt(Consumer<String> value) {
            this.prompt = Objects.requireNonNull(value, "prompt");
            return this;
        }

        public Builder grant(Grant value) {
            this.grant = Objects.requireNonNull(value, "grant");
            return this;
        }

        /** Whether the user has a display a browser can open on; without one, {@link Grant#AUTO} prefers device code. */
        public Builder display(boolean value) {
            this.display = value;
            return this;
        }

        /** How long to wait for the user. Default 5 minutes. */
        public Builder timeout(Duration value) {
            this.timeout = Objects.requireNonNull(value, "timeout");
            return this;
        }

        /** The HTTP client for the authorization server; it must follow no redirects. */
        public Builder httpClient(HttpClient value) {
            this.httpClient = Objects.requireNonNull(value, "httpClient");
            return this;
        }

        public OAuthLogin build() {
            if (store == null) {
                throw new IllegalStateException("a token store is required");
            }
            if (issuer == null && card == null) {
                throw new IllegalStateException("an issuer or an agent's card is required");
            }
            return new OAuthLogin(this);
        }

        private Builder copy() {
            Builder copy = new Builder();
            copy.issuer = issuer;
            copy.card = card;
            copy.agent = agent;
            copy.clientId = clientId;
            copy.clientName = clientName;
            copy.redirectUri = redirectUri;
            copy.scopes = scopes;
            copy.store = store;
            copy.browser = browser;
            copy.prompt = prompt;
            copy.grant = grant;
            copy.display = display;
            copy.timeout = timeout;
            copy.httpClient = httpClient;
            return copy;
        }
    }
}
