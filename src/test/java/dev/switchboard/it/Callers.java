package dev.switchboard.it;

import dev.switchboard.security.ApiKeys;
import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Clock;
import java.util.Set;

/**
 * Calls to the deployed server as one caller, on either binding: the operator (its token), a key
 * holder (an API key the test issues) or an anonymous caller (any other text, as its caller key).
 */
final class Callers {
    /** The operator token of the test server (see arquillian.xml). */
    static final String OPERATOR = "operator-token-for-the-integration-tests-0123456789";
    /** The key secret the test server has (see arquillian.xml), so the test can issue keys. */
    static final ApiKeys KEYS = new ApiKeys(ApiKeys.decodeSecret("aW50ZWdyYXRpb24tdGVzdC1rZXktc2VjcmV0LTMyYnkhIQ=="),
            Set.of(), Clock.systemUTC());

    private Callers() {
    }

    /** A JSON-RPC call at {@code /a2a/jsonrpc}, in the line its method belongs to; the whole response. */
    static JsonObject rpc(Http http, String who, String method, JsonObject params) {
        HttpRequest.Builder request = http.request("/a2a/jsonrpc").header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(JsonRpc.envelope(method, params)));
        credentials(request, who);
        return Http.json(http.send(request.build()));
    }

    /** An HTTP+JSON call to {@code /a2a/rest} followed by the path. */
    static HttpResponse<String> rest(Http http, String who, String method, String path, String body) {
        HttpRequest.Builder request = http.request("/a2a/rest" + path).header("Content-Type", "application/json")
                .method(method, body == null ? HttpRequest.BodyPublishers.noBody()
                        : HttpRequest.BodyPublishers.ofString(body));
        credentials(request, who);
        return http.send(request.build());
    }

    static void credentials(HttpRequest.Builder request, String who) {
        if (who.equals(OPERATOR)) {
            request.header("Authorization", "Bearer " + OPERATOR);
        } else if (who.startsWith(ApiKeys.PREFIX)) {
            request.header("Authorization", "Bearer " + who);
        } else {
            request.header("X-Switchboard-Caller-Key", who);
        }
    }
}
