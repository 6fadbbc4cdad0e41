package dev.switchboard.client.oauth;

import dev.switchboard.client.CardScheme;
import dev.switchboard.client.PeerCard;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URI;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/**
 * What the client knows of an authorization server: its issuer and endpoints, from its metadata
 * (RFC 8414, or OpenID Connect discovery) or, for a card that names no metadata, from the card's
 * flows. A metadata document must name the issuer it was fetched for (RFC 8414 §3.3), so a
 * document from one server cannot pose as another's.
 *
 * @param issuer the issuer identifier; for a server known only from a card's flows, its token URL
 * @param authorizationEndpoint null when the server offers no authorization code grant
 * @param deviceAuthorizationEndpoint null when it offers no device authorization grant (RFC 8628)
 * @param revocationEndpoint null when it offers no revocation (RFC 7009)
 * @param registrationEndpoint null when it offers no dynamic client registration (RFC 7591)
 */
record AuthorizationServer(String issuer, URI authorizationEndpoint, URI tokenEndpoint, URI deviceAuthorizationEndpoint,
                           URI revocationEndpoint, URI registrationEndpoint, List<String> codeChallengeMethods) {

    /** Fetches the metadata of the issuer: OpenID Connect discovery, then both RFC 8414 forms. */
    static AuthorizationServer discover(OAuthHttp http, String issuer) {
        String base = issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
        URI uri = URI.create(base);
        String path = uri.getRawPath() == null ? "" : uri.getRawPath();
        String origin = base.substring(0, base.length() - path.length());
        List<URI> candidates = List.of(URI.create(base + "/.well-known/openid-configuration"),
                URI.create(origin + "/.well-known/oauth-authorization-server" + path),
                URI.create(base + "/.well-known/oauth-authorization-server"));
        for (URI candidate : candidates) {
            JsonObject json = http.getJson(candidate);
            if (json != null) {
                return read(json, base, candidate);
            }
        }
        throw new OAuthException("no authorization server metadata for " + issuer + " (tried "
                + String.join(", ", candidates.stream().map(OAuthHttp::where).toList()) + ")");
    }

    /** Fetches a metadata document a card names, which must come from the issuer's own origin. */
    static AuthorizationServer fromMetadataUrl(OAuthHttp http, URI metadataUrl) {
        JsonObject json = http.getJson(metadataUrl);
        if (json == null) {
            throw new OAuthException("no authorization server metadata at " + OAuthHttp.where(metadataUrl));
        }
        String issuer = text(json, "issuer");
        if (issuer == null || !origin(URI.create(issuer)).equals(origin(metadataUrl))) {
            throw new OAuthException("the metadata at " + OAuthHttp.where(metadataUrl)
                    + " names an issuer on another origin, or none; it is not used");
        }
        return read(json, issuer, metadataUrl);
    }

    /**
     * The authorization server an agent's card names: the metadata of its first OAuth 2 or OpenID
     * Connect scheme that has some, else the URLs of its authorization code or device code flow.
     *
     * @throws OAuthException when the card declares no scheme a user can sign in with
     */
    static AuthorizationServer fromCard(OAuthHttp http, PeerCard card) {
        for (CardScheme scheme : card.schemes()) {
            if ((scheme.type() == CardScheme.Type.OAUTH2 || scheme.type() == CardScheme.Type.OPENID_CONNECT)
                    && scheme.metadataUrl() != null) {
                return fromMetadataUrl(http, URI.create(card.cardUrl().resolve(scheme.metadataUrl()).toString()));
            }
        }
        JsonObject schemes = card.json().get("securitySchemes") instanceof JsonObject all ? all : null;
        for (CardScheme scheme : card.schemes()) {
            if (scheme.type() != CardScheme.Type.OAUTH2 || schemes == null) {
                continue;
            }
            JsonObject flows = flows(schemes.get(scheme.name()));
            JsonObject code = flows != null && flows.get("authorizationCode") instanceof JsonObject c ? c : null;
            JsonObject device = flows != null && flows.get("deviceCode") instanceof JsonObject d ? d : null;
            String tokenUrl = code != null ? text(code, "tokenUrl") : device != null ? text(device, "tokenUrl") : null;
            if (tokenUrl != null) {
                URI token = card.cardUrl().resolve(tokenUrl);
                return new AuthorizationServer(token.toString(),
                        code == null || text(code, "authorizationUrl") == null ? null
                                : card.cardUrl().resolve(text(code, "authorizationUrl")),
                        token,
                        device == null || text(device, "deviceAuthorizationUrl") == null ? null
                                : card.cardUrl().resolve(text(device, "deviceAuthorizationUrl")),
                        null, null, List.of("S256"));
            }
        }
        throw new OAuthException("the card of " + card.name() + " declares no OAuth 2 or OpenID Connect scheme"
                + " a user can sign in with; name the issuer yourself");
    }

    private static JsonObject flows(Object scheme) {
        if (!(scheme instanceof JsonObject body)) {
            return null;
        }
        // 1.0: {"oauth2SecurityScheme": {"flows": ...}}; 0.3: {"type": "oauth2", "flows": ...}
        JsonObject inner = body.get("oauth2SecurityScheme") instanceof JsonObject o ? o : body;
        return inner.get("flows") instanceof JsonObject f ? f : null;
    }

    private static AuthorizationServer read(JsonObject json, String expectedIssuer, URI from) {
        String issuer = text(json, "issuer");
        if (issuer == null || !strip(issuer).equals(strip(expectedIssuer))) {
            throw new OAuthException("the metadata at " + OAuthHttp.where(from) + " names the issuer " + issuer
                    + ", not " + expectedIssuer + "; it is not used");
        }
        URI token = uri(json, "token_endpoint");
        if (token == null) {
            throw new OAuthException("the metadata of " + issuer + " names no token_endpoint");
        }
        List<String> methods = new ArrayList<>();
        if (json.get("code_challenge_methods_supported") instanceof JsonArray array) {
            array.stream().filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString()).forEach(methods::add);
        }
        return new AuthorizationServer(issuer, uri(json, "authorization_endpoint"), token,
                uri(json, "device_authorization_endpoint"), uri(json, "revocation_endpoint"),
                uri(json, "registration_endpoint"), List.copyOf(methods));
    }

    private static String strip(String issuer) {
        return issuer.endsWith("/") ? issuer.substring(0, issuer.length() - 1) : issuer;
    }

    private static URI uri(JsonObject json, String name) {
        String text = text(json, name);
        if (text == null) {
            return null;
        }
        URI uri = URI.create(text);
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (!(scheme.equals("https") || scheme.equals("http")) || uri.getHost() == null) {
            throw new OAuthException("the metadata's " + name + " is not an http(s) URL");
        }
        return uri;
    }

    static String text(JsonObject json, String name) {
        return json.get(name) instanceof JsonString s ? s.getString() : null;
    }

    static String origin(URI uri) {
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        int port = uri.getPort() >= 0 ? uri.getPort() : scheme.equals("https") ? 443 : 80;
        return scheme + "://" + String.valueOf(uri.getHost()).toLowerCase(Locale.ROOT) + ":" + port;
    }
}
