package dev.switchboard.cli;

import dev.switchboard.client.A2AClient;
import dev.switchboard.client.CardTrust;
import dev.switchboard.client.ClientTls;
import dev.switchboard.client.Credentials;
import dev.switchboard.client.Endpoint;
import dev.switchboard.client.PeerCard;
import dev.switchboard.client.oauth.OAuthSession;
import dev.switchboard.client.oauth.TokenStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.net.URI;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import picocli.CommandLine.Option;

/**
 * The options every command that talks to an agent shares: credentials, TLS, binding, timeout,
 * output. Secrets come from files or environment variables ({@link Secrets}); they are read once,
 * before the first request.
 */
final class ClientOptions {
    /** How results are printed. */
    enum Format { human, json }

    @Option(names = {"-o", "--output"}, paramLabel = "FORMAT", defaultValue = "human",
            description = "human (default) or json.")
    Format output;

    @Option(names = "--header", paramLabel = "NAME:VALUE",
            description = "A header sent on every request (repeatable); @FILE reads one header per line.")
    List<String> headers = new ArrayList<>();

    @Option(names = "--token", paramLabel = "TOKEN", description = "Bearer token (Authorization: Bearer)."
            + Secrets.SOURCES)
    String token;

    @Option(names = "--token-file", paramLabel = "FILE", description = "Bearer token from this file (--token @FILE).")
    Path tokenFile;

    @Option(names = "--api-key", paramLabel = "KEY", description = "API key, sent in the header, query parameter or"
            + " cookie the card's apiKey scheme names." + Secrets.SOURCES)
    String apiKey;

    @Option(names = "--basic", paramLabel = "USER:PASSWORD", description = "HTTP Basic credentials." + Secrets.SOURCES)
    String basic;

    @Option(names = "--oauth-client", paramLabel = "ID:SECRET", description = "OAuth 2 client credentials; the token"
            + " URL comes from the card (on the agent's origin only) unless --oauth-token-url." + Secrets.SOURCES)
    String oauthClient;

    @Option(names = "--oauth-token-url", paramLabel = "URL", description = "OAuth 2 token endpoint.")
    URI oauthTokenUrl;

    @Option(names = "--allow-origin", paramLabel = "ORIGIN", description = "Also send the credentials to this origin"
            + " (https://host[:port]) when the card names an interface or token URL there (repeatable).")
    List<String> allowedOrigins = new ArrayList<>();

    @Option(names = "--oauth-scope", paramLabel = "SCOPE", description = "OAuth 2 scope (repeatable).")
    List<String> oauthScopes = new ArrayList<>();

    @Option(names = "--tls-cert", paramLabel = "FILE", description = "Client certificate for mutual TLS (PEM).")
    Path tlsCert;

    @Option(names = "--tls-key", paramLabel = "FILE", description = "Private key of --tls-cert (PKCS#8 PEM).")
    Path tlsKey;

    @Option(names = "--tls-pkcs12", paramLabel = "FILE", description = "Client certificate and key as PKCS#12.")
    Path tlsPkcs12;

    @Option(names = "--tls-password", paramLabel = "PASSWORD", description = "Password of --tls-pkcs12."
            + Secrets.SOURCES)
    String tlsPassword;

    @Option(names = "--tls-ca", paramLabel = "FILE", description = "Extra trusted CA certificates (PEM).")
    Path tlsCa;

    @Option(names = "--binding", paramLabel = "BINDING",
            description = "Use this binding only: jsonrpc, rest or jsonrpc-0.3 (default: the first the card offers "
                    + "in that order).")
    String binding;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "60",
            description = "How long to wait for each answer (default 60).")
    long timeoutSeconds;

    @Option(names = "--peers", paramLabel = "FILE", description = "Saved peers file (default: user config dir).")
    Path peersFile;

    @Option(names = "--card-signatures", paramLabel = "POLICY", defaultValue = "verify-if-present",
            description = "Agent Card signatures: require, verify-if-present (default: a signed card must verify"
                    + " with keys from its own origin or --card-keys) or ignore.")
    String cardSignatures;

    @Option(names = "--card-keys", paramLabel = "FILE",
            description = "Trust only the card-signing keys of this JWK Set, not the card's jku.")
    Path cardKeys;

    boolean json() {
        return output == Format.json;
    }

    private Credentials credentials;
    private Secrets secrets;
    /** The stored (or new) OAuth login the agent's calls carry, if any. */
    private OAuthSession session;

    /** The credentials, their secrets read from where the options say; once per run. */
    Credentials credentials(Main.Surroundings surroundings, PrintWriter err) {
        if (credentials == null) {
            credentials = builder(surroundings, err).build();
        }
        return credentials;
    }

    /** The login whose tokens this run sends; null when it sends none. */
    OAuthSession session() {
        return session;
    }

    /** Where OAuth logins are kept: {@code oauth/} beside the saved peers, owner-only. */
    TokenStore tokenStore(Main.Surroundings surroundings) {
        return TokenStore.in(peersPath(surroundings).toAbsolutePath().resolveSibling("oauth"));
    }

    private Credentials.Builder builder(Main.Surroundings surroundings, PrintWriter err) {
        if (secrets == null) {
            secrets = new Secrets(surroundings, err);
        }
        Credentials.Builder builder = Credentials.builder();
        try {
            builder.callerKey(CallerKeyFile.readOrCreate(peersPath(surroundings).resolveSibling(CallerKeyFile.NAME)));
        } catch (IOException e) {
            throw new java.io.UncheckedIOException("the caller key beside the saved peers cannot be kept", e);
        }
        for (String header : headers) {
            secrets.lines("--header", header).forEach(builder::header);
        }
        if (token != null && tokenFile != null) {
            throw new IllegalArgumentException("--token and --token-file exclude each other");
        }
        if (token != null || tokenFile != null) {
            builder.bearerToken(token != null ? secrets.read("--token", token)
                    : Secrets.file("--token-file", tokenFile).strip());
        }
        if (apiKey != null) {
            builder.apiKey(secrets.read("--api-key", apiKey));
        }
        if (basic != null) {
            builder.basic(secrets.read("--basic", basic));
        }
        if (oauthClient != null) {
            String client = secrets.read("--oauth-client", oauthClient);
            int colon = client.indexOf(':');
            if (colon <= 0) {
                throw new IllegalArgumentException("--oauth-client must be ID:SECRET");
            }
            builder.oauthClientCredentials(client.substring(0, colon), client.substring(colon + 1),
                    oauthTokenUrl, oauthScopes);
        }
        allowedOrigins.forEach(builder::allowOrigin);
        return builder;
    }

    /**
     * The credentials for this card: those the options give, else the login {@code login} makes
     * (connect --login), else the login stored for the card's agent, if any.
     */
    private Credentials credentialsFor(PeerCard card, Main.Surroundings surroundings, PrintWriter err,
                                       Function<PeerCard, OAuthSession> login) {
        Credentials given = credentials(surroundings, err);
        if (login != null) {
            if (!given.isEmpty()) {
                throw new IllegalArgumentException("--login signs you in; it goes with no other credential option");
            }
            session = login.apply(card);
        } else if (given.isEmpty()) {
            session = tokenStore(surroundings).forAgent(card.cardUrl()).orElse(null);
        }
        if (session == null) {
            return given;
        }
        credentials = builder(surroundings, err).bearerTokens(session::accessToken).build();
        return credentials;
    }

    ClientTls tls(Main.Surroundings surroundings, PrintWriter err) throws IOException, GeneralSecurityException {
        if ((tlsCert == null) != (tlsKey == null)) {
            throw new IllegalArgumentException("--tls-cert and --tls-key go together");
        }
        if (tlsCert == null && tlsPkcs12 == null && tlsCa == null) {
            return null;
        }
        ClientTls tls = new ClientTls();
        if (tlsCert != null) {
            tls.clientCertificatePem(tlsCert, tlsKey);
        } else if (tlsPkcs12 != null) {
            tls.clientCertificatePkcs12(tlsPkcs12, tlsPassword == null ? new char[0]
                    : new Secrets(surroundings, err).read("--tls-password", tlsPassword).toCharArray());
        }
        if (tlsCa != null) {
            tls.trust(tlsCa);
        }
        return tls;
    }

    PeerRegistry registry(Main.Surroundings surroundings) throws IOException {
        return PeerRegistry.load(peersPath(surroundings));
    }

    Path peersPath(Main.Surroundings surroundings) {
        return peersFile != null ? peersFile
                : PeerRegistry.defaultFile(surroundings.environment(), System.getProperty("user.home"));
    }

    /** A URL as given, or the URL of the saved peer with this alias. */
    String resolve(String target, Main.Surroundings surroundings) throws IOException {
        if (PeerUrl.isUrl(target)) {
            return target;
        }
        Optional<Peer> peer = registry(surroundings).find(target);
        return peer.map(Peer::url).orElseThrow(() -> new IllegalArgumentException(
                "'" + target + "' is neither a URL nor the name of a saved peer (see: switchboard connect URL)"));
    }

    /** Discovers the agent and builds a client, showing progress on stderr if it takes a while. */
    A2AClient connect(String target, Main.Surroundings surroundings, PrintWriter err)
            throws IOException, GeneralSecurityException {
        return connect(target, surroundings, err, null);
    }

    /**
     * @param login null, or signs the user in for the card once it is read: the new login's tokens
     *              are what the client sends
     */
    A2AClient connect(String target, Main.Surroundings surroundings, PrintWriter err,
                      Function<PeerCard, OAuthSession> login) throws IOException, GeneralSecurityException {
        String url = resolve(target, surroundings);
        A2AClient.Builder builder = A2AClient.builder().credentials(credentials(surroundings, err))
                .timeout(Duration.ofSeconds(timeoutSeconds)).connectTimeout(Duration.ofSeconds(
                        Math.min(timeoutSeconds, 10)));
        builder.cardTrust(cardTrust(cardSignatures, cardKeys));
        ClientTls tls = tls(surroundings, err);
        if (tls != null) {
            builder.tls(tls);
        }
        if (binding != null) {
            builder.prefer(Endpoint.parse(binding).orElseThrow(() -> new IllegalArgumentException(
                    "--binding must be jsonrpc, rest or jsonrpc-0.3")));
        }
        PeerCard card;
        try (Progress progress = Progress.start(err, "the Agent Card of " + url)) {
            card = builder.discover(url);
        }
        return builder.credentials(credentialsFor(card, surroundings, err, login)).build(card);
    }

    /** The card signature policy an option names, trusting the JWK Set file when one is given. */
    static CardTrust cardTrust(String policy, Path keys) throws IOException {
        CardTrust trust = switch (policy == null ? "verify-if-present" : policy) {
            case "require" -> CardTrust.require();
            case "verify-if-present" -> CardTrust.verifyIfPresent();
            case "ignore" -> CardTrust.ignore();
            default -> throw new IllegalArgumentException(
                    "--card-signatures must be require, verify-if-present or ignore");
        };
        return keys == null ? trust : trust.pinning(java.nio.file.Files.readString(keys));
    }
}
