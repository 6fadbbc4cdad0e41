package dev.switchboard.bench;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;

/**
 * {@link GrpcLoad}'s JSON-RPC scenario: bench/bodies/send.json's SendMessage over HTTP/1.1, one
 * client (and so one kept-alive connection) per worker, one call outstanding on each.
 */
public final class JsonRpcLoad {
    private static final String BODY = "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":"
            + "{\"messageId\":\"%s\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello from the a2a benchmark: the"
            + " quick brown fox jumps over the lazy dog 0123456789\"}],\"metadata\":{\"bench\":\"a2a-peer-comparison\"}}}}";

    private JsonRpcLoad() {
    }

    /** @param bearer a bearer token to present, or null to call anonymously as wrk does */
    public static String run(String host, int port, int connections, long seconds, String bearer)
            throws InterruptedException {
        URI endpoint = URI.create("http://" + host + ":" + port + "/a2a/jsonrpc");
        List<ClosedLoop.Call> calls = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            HttpClient client = HttpClient.newBuilder().version(HttpClient.Version.HTTP_1_1).build();
            calls.add(() -> {
                HttpRequest.Builder builder = HttpRequest.newBuilder(endpoint).header("Content-Type", "application/json")
                        .header("A2A-Version", "1.0").timeout(java.time.Duration.ofSeconds(30))
                        .POST(HttpRequest.BodyPublishers.ofString(String.format(BODY, UUID.randomUUID())));
                if (bearer != null) {
                    builder.header("Authorization", "Bearer " + bearer);
                }
                return client.send(builder.build(), HttpResponse.BodyHandlers.ofByteArray()).statusCode() == 200;
            });
        }
        return ClosedLoop.run(calls, seconds);
    }
}
