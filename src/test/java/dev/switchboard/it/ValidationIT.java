package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.net.http.HttpResponse;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/**
 * Malformed JSON-RPC requests, posted raw to the origin root as conformance suites do: each gets
 * the error code the protocol prescribes, with HTTP 200, an ErrorInfo, and nothing internal.
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
}
