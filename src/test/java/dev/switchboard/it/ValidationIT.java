package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Malformed JSON-RPC requests, posted raw to the origin root as conformance suites do: each gets
 * the error code the protocol prescribes, with HTTP 200, an ErrorInfo, and nothing internal. Bodies
 * nested too deeply and identifiers longer than their limits get the client errors of their binding
 * and line, on JSON-RPC and HTTP+JSON, in 1.0 and 0.3, and nothing is stored.
 */
class ValidationIT extends OnTomcat {

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            malformed JSON                | {"jsonrpc":"2.0","id":1,"method":                                          | -32700 | null
            trailing garbage              | {"jsonrpc":"2.0","id":1,"method":"GetTask"}}                               | -32700 | null
            jsonrpc aaa                   | {"jsonrpc":"aaa","id":11,"method":"GetTask","params":{"id":"x"}}           | -32600 | 11
            jsonrpc 1.0                   | {"jsonrpc":"1.0","id":12,"method":"GetTask","params":{"id":"x"}}           | -32600 | 12
            missing method                | {"jsonrpc":"2.0","id":13,"params":{}}                                      | -32600 | 13
            object id                     | {"jsonrpc":"2.0","id":{"a":1},"method":"GetTask"}                          | -32600 | null
            batch                         | [{"jsonrpc":"2.0","id":1,"method":"GetTask"}]                              | -32600 | null
            unknown method                | {"jsonrpc":"2.0","id":14,"method":"NoSuchMethod","params":{}}              | -32601 | 14
            params not a dict             | {"jsonrpc":"2.0","id":15,"method":"SendMessage","params":{"":"not_a_dict"}} | -32602 | 15
            params an array               | {"jsonrpc":"2.0","id":16,"method":"SendMessage","params":[1]}              | -32602 | 16
            parts a string                | {"jsonrpc":"2.0","id":17,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":"invalid"}}} | -32602 | 17
            kind only                     | {"jsonrpc":"2.0","id":18,"method":"SendMessage","params":{"message":{"kind":"message"}}} | -32602 | 18
            missing messageId             | {"jsonrpc":"2.0","id":19,"method":"SendMessage","params":{"message":{"role":"ROLE_USER","parts":[{"text":"x"}]}}} | -32602 | 19
            missing role                  | {"jsonrpc":"2.0","id":20,"method":"SendMessage","params":{"message":{"messageId":"m","parts":[{"text":"x"}]}}} | -32602 | 20
            missing parts                 | {"jsonrpc":"2.0","id":21,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER"}}} | -32602 | 21
            empty parts                   | {"jsonrpc":"2.0","id":22,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[]}}} | -32602 | 22
            part with two contents        | {"jsonrpc":"2.0","id":23,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"text":"x","url":"https://e/x"}]}}} | -32602 | 23
            part with no content          | {"jsonrpc":"2.0","id":24,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"mediaType":"text/plain"}]}}} | -32602 | 24
            bad base64                    | {"jsonrpc":"2.0","id":25,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_USER","parts":[{"raw":"***"}]}}} | -32602 | 25
            unknown role                  | {"jsonrpc":"2.0","id":26,"method":"SendMessage","params":{"message":{"messageId":"m","role":"user","parts":[{"text":"x"}]}}} | -32602 | 26
            agent role from a client      | {"jsonrpc":"2.0","id":27,"method":"SendMessage","params":{"message":{"messageId":"m","role":"ROLE_AGENT","parts":[{"text":"x"}]}}} | -32602 | 27
            GetTask without id            | {"jsonrpc":"2.0","id":28,"method":"GetTask","params":{}}                   | -32602 | 28
            negative historyLength        | {"jsonrpc":"2.0","id":29,"method":"GetTask","params":{"id":"x","historyLength":-1}} | -32602 | 29
            unknown task                  | {"jsonrpc":"2.0","id":"s","method":"GetTask","params":{"id":"definitely-does-not-exist-task-id"}} | -32001 | s
            """)
    void errorCodes(String name, String body, int code, String id) {
        HttpResponse<String> response = http.post("/", "application/json", body);
        assertEquals(200, response.statusCode(), name);
        JsonObject json = Http.json(response);
        assertEquals("2.0", json.getString("jsonrpc"));
        JsonObject error = json.getJsonObject("error");
        assertEquals(code, error.getInt("code"), name + ": " + json);
        if (id.equals("null")) {
            assertTrue(json.isNull("id"), name);
        } else {
            assertEquals(id, json.get("id").toString().replace("\"", ""), name);
        }
        JsonObject info = error.getJsonArray("data").getJsonObject(0);
        assertEquals("type.googleapis.com/google.rpc.ErrorInfo", info.getString("@type"));
        assertEquals("a2a-protocol.org", info.getString("domain"));
        assertFalse(response.body().contains("Exception"), response.body());
        assertFalse(response.body().contains("dev.switchboard"), response.body());
    }

    @ParameterizedTest(name = "{0}")
    @CsvSource(delimiter = '|', textBlock = """
            snake_case fields  | {"jsonrpc":"2.0","id":1,"method":"SendMessage","params":{"message":{"message_id":"m1","role":"ROLE_USER","parts":[{"text":"hi"}]}}}
            unknown fields     | {"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"messageId":"m2","role":"ROLE_USER","parts":[{"text":"hi"}],"extra":{"x":1}},"unknown":true}}
            duplicate id again | {"jsonrpc":"2.0","id":2,"method":"SendMessage","params":{"message":{"messageId":"m2","role":"ROLE_USER","parts":[{"text":"hi"}]}}}
            """)
    void tolerantReading(String name, String body) {
        JsonObject json = Http.json(http.post("/a2a/jsonrpc", "application/json", body));
        assertTrue(json.containsKey("result"), name + ": " + json);
    }

    /** A SendMessage on one binding and line, in its own shape, with the given contextId and metadata. */
    private HttpResponse<String> send(String target, String contextId, String metadata) {
        SendMessage send = sendMessage(target, contextId, metadata);
        return http.post(send.path(), "application/json", send.body());
    }

    /** Where a SendMessage of a binding and line goes, and its body. */
    private record SendMessage(String path, String body) {
    }

    private static SendMessage sendMessage(String target, String contextId, String metadata) {
        String context = contextId == null ? "" : ",\"contextId\":\"" + contextId + "\"";
        String meta = metadata == null ? "" : ",\"metadata\":" + metadata;
        return switch (target) {
            case "JSON-RPC 1.0" -> new SendMessage("/", "{\"jsonrpc\":\"2.0\",\"id\":7,"
                    + "\"method\":\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"" + UUID.randomUUID()
                    + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]" + context + "}" + meta + "}}");
            case "JSON-RPC 0.3" -> new SendMessage("/a2a/jsonrpc", "{\"jsonrpc\":\"2.0\",\"id\":7,"
                    + "\"method\":\"message/send\",\"params\":{\"message\":{\"kind\":\"message\",\"messageId\":\""
                    + UUID.randomUUID() + "\",\"role\":\"user\",\"parts\":[{\"kind\":\"text\",\"text\":\"hi\"}]"
                    + context + "}" + meta + "}}");
            case "REST 1.0" -> new SendMessage("/a2a/rest/message:send", "{\"message\":{\"messageId\":\""
                    + UUID.randomUUID() + "\",\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hi\"}]" + context + "}"
                    + meta + "}");
            case "REST 0.3" -> new SendMessage("/a2a/rest/v1/message:send", "{\"message\":{\"messageId\":\""
                    + UUID.randomUUID() + "\",\"role\":\"ROLE_USER\",\"content\":[{\"text\":\"hi\"}]" + context + "}"
                    + meta + "}");
            default -> throw new IllegalArgumentException(target);
        };
    }

    private int storedTasks() {
        return Http.json(http.get("/a2a/rest/tasks")).getInt("totalSize");
    }

    /**
     * The error of a refused request: the JSON-RPC error with HTTP 200, the google.rpc.Status with
     * HTTP 400 (1.0) or the 0.3 error body with HTTP 400; never an internal error.
     *
     * @return the error's message
     */
    private static String assertRefused(String target, HttpResponse<String> response, int jsonRpcCode,
                                        String rpcStatus) {
        String body = response.body();
        assertFalse(body.contains("-32603") || body.contains("INTERNAL") || body.contains("ncident"), body);
        assertFalse(body.contains("Exception") || body.contains("dev.switchboard"), body);
        JsonObject json = Http.json(response);
        if (target.startsWith("JSON-RPC")) {
            assertEquals(200, response.statusCode(), body);
            assertEquals(jsonRpcCode, json.getJsonObject("error").getInt("code"), body);
            return json.getJsonObject("error").getString("message");
        }
        assertEquals(400, response.statusCode(), body);
        if (target.endsWith("0.3")) {
            assertEquals(jsonRpcCode, json.getInt("code"), body);
            return json.getString("message");
        }
        assertEquals(rpcStatus, json.getJsonObject("error").getString("status"), body);
        return json.getJsonObject("error").getString("message");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"JSON-RPC 1.0", "JSON-RPC 0.3", "REST 1.0", "REST 0.3"})
    void bodiesNestingTenThousandLevelsAreRefusedNamingTheLimit(String target) {
        int before = storedTasks();
        for (String metadata : new String[] {"{\"a\":".repeat(10_000) + "1" + "}".repeat(10_000),
                "[".repeat(10_000) + "]".repeat(10_000)}) {
            HttpResponse<String> response = send(target, null, metadata);
            // HTTP+JSON answers every unreadable body as an invalid request
            String message = assertRefused(target, response, target.startsWith("JSON-RPC") ? -32700 : -32600,
                    "INVALID_ARGUMENT");
            assertTrue(message.contains("deeper than 100 levels"), message);
            if (target.startsWith("JSON-RPC")) {
                assertTrue(Http.json(response).isNull("id"), response.body());
            }
        }
        assertEquals(before, storedTasks(), "nothing was stored");
    }

    /**
     * JSON travels in UTF-8 (RFC 8259): a message whose text holds a byte sequence that is not
     * UTF-8, or an escaped surrogate without its pair, is refused, where a lenient reader would
     * have stored the client's text altered.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"JSON-RPC 1.0", "JSON-RPC 0.3", "REST 1.0", "REST 0.3"})
    void bodiesThatAreNotUtf8AreRefusedNotAltered(String target) {
        int before = storedTasks();
        SendMessage send = sendMessage(target, null, null);
        byte[] body = send.body().replace("\"hi\"", "\"h\u00e9\"").getBytes(StandardCharsets.UTF_8);
        for (int i = 0; i < body.length; i++) {
            if (body[i] == (byte) 0xC3) {
                body[i + 1] = 'i'; // the lead byte of a two-byte sequence, then no continuation
            }
        }
        HttpResponse<String> response = http.send(http.request(send.path()).header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build());
        String message = assertRefused(target, response, target.startsWith("JSON-RPC") ? -32700 : -32600,
                "INVALID_ARGUMENT");
        assertTrue(message.contains("not UTF-8"), message);
        // an escape that leaves a surrogate unpaired: text that would be stored as "?"
        response = http.post(send.path(), "application/json", send.body().replace("\"hi\"", "\"h\\ud800i\""));
        message = assertRefused(target, response, target.startsWith("JSON-RPC") ? -32700 : -32600,
                "INVALID_ARGUMENT");
        assertTrue(message.contains("unpaired surrogate"), message);
        assertEquals(before, storedTasks(), "nothing was stored");
    }

    /**
     * A query parameter a route reads is percent-decoded as UTF-8 and refused when it does not
     * decode, rather than read with replacement characters (a filter on a value nobody sent) or
     * kept as sent; one that decodes is read.
     */
    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"/a2a/rest/tasks?contextId=%FF%FE", "/a2a/rest/tasks?context_id=%C3",
            "/a2a/rest/tasks?pageSize=%C0%AF", "/a2a/rest/tasks/t-1?historyLength=%E2%82",
            "/a2a/rest/v1/tasks/t-1?historyLength=%FF"})
    void queryParametersThatAreNotPercentEncodedUtf8AreRefused(String target) {
        HttpResponse<String> response = http.get(target);
        String message = assertRefused(target.contains("/v1/") ? "REST 0.3" : "REST 1.0", response, -32602,
                "INVALID_ARGUMENT");
        assertTrue(message.contains("is not percent-encoded UTF-8"), message);
        assertTrue(message.contains(target.substring(target.indexOf('?') + 1, target.indexOf('='))), message);
    }

    @org.junit.jupiter.api.Test
    void aQueryParameterThatDecodesFiltersByItsText() {
        String context = "ctx é+" + UUID.randomUUID();
        assertFalse(send("REST 1.0", context, null).body().contains("\"error\""));
        String encoded = java.net.URLEncoder.encode(context, StandardCharsets.UTF_8);
        JsonObject page = Http.json(http.get("/a2a/rest/tasks?contextId=" + encoded));
        assertEquals(1, page.getInt("totalSize"), page.toString());
        assertEquals(context, page.getJsonArray("tasks").getJsonObject(0).getString("contextId"));
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"JSON-RPC 1.0", "JSON-RPC 0.3", "REST 1.0", "REST 0.3"})
    void identifiersLongerThanTheirLimitsAreInvalidParamsNamingFieldAndLimit(String target) {
        int before = storedTasks();
        String message = assertRefused(target, send(target, "c".repeat(1_000), null), -32602, "INVALID_ARGUMENT");
        assertTrue(message.contains("message.contextId is longer than 255 characters"), message);
        message = assertRefused(target, send(target, null, "{\"" + "k".repeat(300) + "\":1}"), -32602,
                "INVALID_ARGUMENT");
        assertTrue(message.contains("metadata has a key longer than 255 characters"), message);
        assertEquals(before, storedTasks(), "nothing was stored");
        HttpResponse<String> atTheLimit = send(target, "c".repeat(255), null);
        assertFalse(atTheLimit.body().contains("\"error\""), atTheLimit.body());
        assertEquals(before + 1, storedTasks(), "a contextId of 255 characters starts a task");
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"JSON-RPC 1.0", "JSON-RPC 0.3", "REST 1.0", "REST 0.3"})
    void overLongTaskAndPushConfigIdsAreInvalidParamsNotUnknownTasks(String target) {
        String id = "t".repeat(1_000);
        List<HttpResponse<String>> responses = switch (target) {
            case "JSON-RPC 1.0" -> List.of(
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\","
                            + "\"params\":{\"id\":\"" + id + "\"}}"),
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"CancelTask\","
                            + "\"params\":{\"id\":\"" + id + "\"}}"),
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                            + "\"method\":\"GetTaskPushNotificationConfig\",\"params\":{\"taskId\":\"t\",\"id\":\""
                            + id + "\"}}"),
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"ListTasks\","
                            + "\"params\":{\"contextId\":\"" + id + "\"}}"),
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"GetTask\","
                            + "\"params\":{\"tenant\":\"" + id + "\",\"id\":\"t\"}}"));
            case "JSON-RPC 0.3" -> List.of(
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,\"method\":\"tasks/get\","
                            + "\"params\":{\"id\":\"" + id + "\"}}"),
                    http.post("/", "application/json", "{\"jsonrpc\":\"2.0\",\"id\":1,"
                            + "\"method\":\"tasks/pushNotificationConfig/delete\",\"params\":{\"id\":\"t\","
                            + "\"pushNotificationConfigId\":\"" + id + "\"}}"));
            case "REST 1.0" -> List.of(http.get("/a2a/rest/tasks/" + id),
                    http.get("/a2a/rest/tasks/t/pushNotificationConfigs/" + id),
                    http.get("/a2a/rest/tasks?contextId=" + id),
                    http.post("/a2a/rest/tasks/" + id + ":cancel", "application/json", ""));
            case "REST 0.3" -> List.of(http.get("/a2a/rest/v1/tasks/" + id),
                    http.get("/a2a/rest/v1/tasks/t/pushNotificationConfigs/" + id));
            default -> throw new IllegalArgumentException(target);
        };
        for (HttpResponse<String> response : responses) {
            String message = assertRefused(target, response, -32602, "INVALID_ARGUMENT");
            assertTrue(message.matches(".*(id|taskId|contextId|tenant) is longer than (128|255) characters.*"),
                    message);
        }
    }
}
