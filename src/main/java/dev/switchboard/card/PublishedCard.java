package dev.switchboard.card;

import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SecurityScheme;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.InstalledSkills;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The public card this server publishes, from its settings and public skills: shared by the server
 * and by {@code card export}, so a static discovery host serves exactly what the server would.
 */
public final class PublishedCard {
    /** Where the JSON-RPC binding listens, below the public URL. */
    public static final String JSONRPC_PATH = "/a2a/jsonrpc";
    /** Where the HTTP+JSON binding listens, below the public URL. */
    public static final String REST_PATH = "/a2a/rest";
    /** Where the public key that verifies signed notifications is published. */
    public static final String JWKS_PATH = "/.well-known/jwks.json";
    /** Where the public keys that verify the Agent Card's signatures are published ({@code jku}). */
    public static final String CARD_JWKS_PATH = "/.well-known/agent-card-jwks.json";
    /** The card extension that announces signed notifications and names the JWKS. */
    public static final String SIGNED_NOTIFICATIONS = "urn:switchboard:a2a:signed-notifications:v1";
    /** The request header of a push notification that carries its JWS. */
    public static final String SIGNATURE_HEADER = "X-Switchboard-Signature";

    private PublishedCard() {
    }

    /**
     * The endpoints this build serves, in the order clients should prefer them: 1.0 first, then,
     * unless turned off, 0.3 at the same URLs (0.3 HTTP+JSON clients add {@code /v1} themselves);
     * in each line JSON-RPC, HTTP+JSON, then gRPC at {@code host:port} when it is served.
     */
    public static List<AgentInterface> interfaces(Settings settings) {
        String grpc = settings.grpc().enabled() ? settings.grpc().authorityFor(settings.publicUrl()) : null;
        List<AgentInterface> interfaces = new ArrayList<>(List.of(
                new AgentInterface(settings.urlFor(JSONRPC_PATH), AgentInterface.JSONRPC, ProtocolVersion.V1_0,
                        settings.tenant()),
                new AgentInterface(settings.urlFor(REST_PATH), AgentInterface.HTTP_JSON, ProtocolVersion.V1_0,
                        settings.tenant())));
        if (grpc != null) {
            interfaces.add(new AgentInterface(grpc, AgentInterface.GRPC, ProtocolVersion.V1_0, settings.tenant()));
        }
        if (settings.serveV03()) {
            interfaces.add(new AgentInterface(settings.urlFor(JSONRPC_PATH), AgentInterface.JSONRPC,
                    ProtocolVersion.V0_3));
            interfaces.add(new AgentInterface(settings.urlFor(REST_PATH), AgentInterface.HTTP_JSON,
                    ProtocolVersion.V0_3));
            if (grpc != null) {
                interfaces.add(new AgentInterface(grpc, AgentInterface.GRPC, ProtocolVersion.V0_3));
            }
        }
        return List.copyOf(interfaces);
    }

    /** The card of a server with these skills: its public skills and the extensions its public card lists. */
    public static AgentCard build(Settings settings, InstalledSkills skills) {
        return build(settings, skills.publicDescriptors(),
                CardExtensions.of(serverExtensions(settings), skills).forTier(Tier.PUBLIC));
    }

    /**
     * @param extensions what {@code capabilities.extensions} lists: the server's own and its public
     *                   skills' (see {@link CardExtensions})
     */
    public static AgentCard build(Settings settings, List<AgentSkill> publicSkills, List<AgentExtension> extensions) {
        List<SecurityScheme> schemes = securitySchemes(settings);
        return AgentCardFactory.build(settings, interfaces(settings),
                new AgentCapabilities(true, settings.push().enabled(), settings.hasCredentials(), extensions),
                publicSkills,
                schemes, settings.anonymousAccess() ? List.of()
                        : schemes.stream().map(SecurityScheme::name).toList());
    }

    /**
     * The ways to authenticate: API keys and the operator's token when this server has them, and
     * the OpenID Connect provider whose access tokens it accepts, named by its discovery document,
     * from which a client learns the token, authorization and device endpoints.
     */
    static List<SecurityScheme> securitySchemes(Settings settings) {
        List<SecurityScheme> schemes = new ArrayList<>();
        if (settings.operatorToken() != null || settings.keySecret() != null) {
            schemes.add(new SecurityScheme("bearer", SecurityScheme.Kind.HTTP_BEARER, null,
                    "An API key or the operator's token as a bearer token"));
            schemes.add(new SecurityScheme("apiKey", SecurityScheme.Kind.API_KEY_HEADER, "X-API-Key",
                    "An API key in the X-API-Key header"));
        }
        if (settings.oidc() != null) {
            schemes.add(SecurityScheme.openIdConnect("oidc", settings.oidc().discoveryUrl().toString(),
                    "An access token of the OpenID Connect provider " + settings.oidc().issuer()
                            + " for the audience " + String.join(", ", settings.oidc().audiences().stream()
                            .sorted().toList()) + ", as a bearer token"));
        }
        return List.copyOf(schemes);
    }

    /** The server's own extensions, listed first on every card: signed notifications while push is on. */
    public static List<AgentExtension> serverExtensions(Settings settings) {
        return settings.push().enabled() ? List.of(signedNotifications(settings)) : List.of();
    }

    /**
     * Announces that every push notification carries a JWS over its body, and where the key that
     * verifies it is published.
     */
    static AgentExtension signedNotifications(Settings settings) {
        return new AgentExtension(SIGNED_NOTIFICATIONS, "Push notifications carry a detached-payload JWS"
                + " over the request body in the " + SIGNATURE_HEADER + " header, verifiable with the"
                + " JWK Set at jwksUri", false, Map.of("jwksUri", settings.urlFor(JWKS_PATH),
                "header", SIGNATURE_HEADER, "alg", "ES256"));
    }
}
