package dev.switchboard.client.oauth;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import java.net.URI;

/** Dynamic client registration (RFC 7591): a login without a client id registers one where the issuer offers it. */
final class ClientRegistration {
    private ClientRegistration() {
    }

    /** Dynamic client registration (RFC 7591) as a public native client. */
    static String register(OAuthHttp http, AuthorizationServer server, String clientName, URI redirectUri,
                           boolean device) {
        JsonArrayBuilder grants = JsonFactory.createArrayBuilder().add("authorization_code").add("refresh_token");
        if (device) {
            grants.add(OAuthLogin.DEVICE_GRANT);
        }
        var request = JsonFactory.createObjectBuilder().add("client_name", clientName)
                .add("redirect_uris", JsonFactory.createArrayBuilder().add(registeredRedirect(redirectUri)))
                .add("grant_types", grants).add("response_types", JsonFactory.createArrayBuilder().add("code"))
                .add("token_endpoint_auth_method", "none").add("application_type", "native");
        // no "scope": servers restrict which scopes a registration may name (Keycloak refuses even
        // "openid"), and the login asks for the scopes anyway
        JsonObject answer = http.postJson(server.registrationEndpoint(), request.build());
        if (!(answer.get("client_id") instanceof JsonString id)) {
            throw new OAuthException("the registration endpoint of " + server.issuer() + " answered no client_id");
        }
        return id.getString();
    }

    /**
     * The redirect URI to register: as given, or without its port when it is 0 (any free port), so
     * that a server matching loopback redirects without the port (RFC 8252 §7.3) accepts each one.
     */
    static String registeredRedirect(URI redirect) {
        if (redirect.getPort() != 0) {
            return redirect.toString();
        }
        return redirect.getScheme() + "://" + redirect.getHost() + redirect.getRawPath();
    }
}
