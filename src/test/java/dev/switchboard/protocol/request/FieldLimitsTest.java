package dev.switchboard.protocol.request;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.function.Executable;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class FieldLimitsTest {
    private static final Pattern COLUMN = Pattern.compile("^\\s*(\\w+)\\s+VARCHAR\\((\\d+)\\)", Pattern.MULTILINE);
    private static final Pattern TABLE = Pattern.compile("CREATE TABLE (\\w+) \\((.*?)\\n\\);", Pattern.DOTALL);

    private static String chars(int count) {
        return "x".repeat(count);
    }

    private static Message message(String messageId, String contextId, String taskId) {
        return new Message(messageId, contextId, taskId, Role.USER, List.of(Part.text("hi")), null, List.of(),
                List.of());
    }

    private static SendMessageRequest send(Message message) {
        return new SendMessageRequest(null, message, null, null);
    }

    /** Asserts invalid params whose message and one field violation name the field and the limit. */
    private static void assertTooLong(String field, int limit, Executable check) {
        A2AException e = assertThrows(A2AException.class, check);
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertEquals(field + " is longer than " + limit + " characters", e.getMessage());
        assertEquals(1, e.violations().size());
        assertEquals(field, e.violations().get(0).field());
    }

    @Test
    void valuesAtTheLimitPass() {
        FieldLimits.check(send(message(chars(FieldLimits.MESSAGE_ID), chars(FieldLimits.CONTEXT_ID),
                chars(FieldLimits.TASK_ID))));
        FieldLimits.check(new GetTaskRequest(chars(FieldLimits.TENANT), chars(FieldLimits.TASK_ID), null));
        FieldLimits.check(new TaskPushNotificationConfigRequest(chars(FieldLimits.TASK_ID),
                chars(FieldLimits.PUSH_CONFIG_ID)));
        FieldLimits.check(send(message("m", null, null)));
    }

    @Test
    void aLongerMessageFieldIsNamedWithItsLimit() {
        assertTooLong("message.contextId", 255, () -> FieldLimits.check(send(message("m", chars(1_000), null))));
        assertTooLong("message.messageId", 255, () -> FieldLimits.check(send(message(chars(256), null, null))));
        assertTooLong("message.taskId", 128, () -> FieldLimits.check(send(message("m", null, chars(129)))));
        Message references = new Message("m", null, null, Role.USER, List.of(Part.text("hi")), null,
                List.of("https://example.com/ext", chars(2_049)), List.of("t1", chars(129)));
        assertTooLong("message.referenceTaskIds[1]", 128, () -> FieldLimits.check(send(references)));
        Message extensions = new Message("m", null, null, Role.USER, List.of(Part.text("hi")), null,
                List.of("https://example.com/ext", chars(2_049)), List.of());
        assertTooLong("message.extensions[1]", 2048, () -> FieldLimits.check(send(extensions)));
        assertTooLong("tenant", 255, () -> FieldLimits.check(new SendMessageRequest(chars(256),
                message("m", null, null), null, null)));
    }

    @Test
    void metadataKeysAreBoundedWhereverMetadataIs() {
        JsonObject longKey = Json.createObjectBuilder().add(chars(256), 1).build();
        JsonObject fine = Json.createObjectBuilder().add(chars(255), Json.createObjectBuilder().add(chars(1_000), 1))
                .build();
        FieldLimits.check(new SendMessageRequest(null, message("m", null, null), null, fine));
        A2AException request = assertThrows(A2AException.class,
                () -> FieldLimits.check(new SendMessageRequest(null, message("m", null, null), null, longKey)));
        assertEquals("metadata has a key longer than 255 characters", request.getMessage());
        Message withMetadata = new Message("m", null, null, Role.USER, List.of(Part.text("hi")), longKey, List.of(),
                List.of());
        assertEquals("message.metadata", assertThrows(A2AException.class,
                () -> FieldLimits.check(send(withMetadata))).violations().get(0).field());
        Part part = new Part(Part.Kind.TEXT, "hi", null, null, null, null, null, longKey);
        Message withPartMetadata = new Message("m", null, null, Role.USER, List.of(Part.text("a"), part), null,
                List.of(), List.of());
        assertEquals("message.parts[1].metadata", assertThrows(A2AException.class,
                () -> FieldLimits.check(send(withPartMetadata))).violations().get(0).field());
        assertEquals("metadata", assertThrows(A2AException.class,
                () -> FieldLimits.check(new CancelTaskRequest(null, "t", longKey))).violations().get(0).field());
    }

    @ParameterizedTest
    @ValueSource(strings = {"get", "cancel", "subscribe"})
    void aLongerTaskIdIsNamed(String operation) {
        String id = chars(1_000);
        assertTooLong("id", 128, () -> {
            switch (operation) {
                case "get" -> FieldLimits.check(new GetTaskRequest(null, id, null));
                case "cancel" -> FieldLimits.check(new CancelTaskRequest(null, id, null));
                default -> FieldLimits.check(new SubscribeToTaskRequest(null, id));
            }
        });
    }

    @Test
    void listFiltersPageTokensAndPushConfigIdsAreBounded() {
        assertTooLong("contextId", 255, () -> FieldLimits.check(new ListTasksRequest(null, chars(256), null, null,
                null, null, null, false)));
        assertTooLong("pageToken", 1024, () -> FieldLimits.check(new ListTasksRequest(null, null, null, null, null,
                chars(1_025), null, false)));
        assertTooLong("taskId", 128, () -> FieldLimits.check(new TaskPushNotificationConfigRequest(chars(129), "c")));
        assertTooLong("id", 128, () -> FieldLimits.check(new TaskPushNotificationConfigRequest("t", chars(129))));
        assertTooLong("pageToken", 1024, () -> FieldLimits.check(new ListTaskPushNotificationConfigsRequest("t",
                null, chars(1_025))));
    }

    /** PostgreSQL cannot hold U+0000: a query with such an id failed there as an internal error. */
    @Test
    void aNulCharacterInAStoredOrLookedUpValueIsInvalidParams() {
        String nul = "a\u0000b";
        assertNul("id", () -> FieldLimits.check(new GetTaskRequest(null, nul, null)));
        assertNul("id", () -> FieldLimits.check(new CancelTaskRequest(null, nul, null)));
        assertNul("id", () -> FieldLimits.check(new SubscribeToTaskRequest(null, nul)));
        assertNul("message.contextId", () -> FieldLimits.check(send(message("m", nul, null))));
        assertNul("message.taskId", () -> FieldLimits.check(send(message("m", null, nul))));
        assertNul("message.messageId", () -> FieldLimits.check(send(message(nul, null, null))));
        assertNul("contextId", () -> FieldLimits.check(new ListTasksRequest(null, nul, null, null, null, null, null,
                false)));
        assertNul("taskId", () -> FieldLimits.check(new TaskPushNotificationConfigRequest(nul, "c")));
        assertNul("id", () -> FieldLimits.check(new TaskPushNotificationConfigRequest("t", nul)));
        FieldLimits.check(send(new Message("m", "c", null, Role.USER, List.of(Part.text(nul)), null, List.of(),
                List.of())));
    }

    private static void assertNul(String field, Executable check) {
        A2AException e = assertThrows(A2AException.class, check);
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertEquals(field + " contains the character U+0000", e.getMessage());
        assertEquals(field, e.violations().get(0).field());
    }

    /** Reading the schema against the limits: a value at its limit fits its column in every database. */
    @ParameterizedTest
    @ValueSource(strings = {"h2", "postgresql"})
    void everyLimitFitsItsColumn(String database) throws IOException {
        Map<String, Integer> columns = columns(Path.of("src/main/resources/db/migration", database));
        assertColumn(columns, "a2a_task.id", FieldLimits.TASK_ID);
        assertColumn(columns, "a2a_task.context_id", FieldLimits.CONTEXT_ID);
        assertColumn(columns, "a2a_task_event.task_id", FieldLimits.TASK_ID);
        assertColumn(columns, "a2a_push_config.task_id", FieldLimits.TASK_ID);
        assertColumn(columns, "a2a_push_config.id", FieldLimits.PUSH_CONFIG_ID);
        assertColumn(columns, "a2a_push_config.url", FieldLimits.PUSH_URL);
        assertColumn(columns, "a2a_push_config.auth_scheme", FieldLimits.PUSH_AUTH_SCHEME);
        // sealed: "gcm1:" and the base64 of a 12-byte nonce, the ASCII secret and a 16-byte tag
        int sealed = "gcm1:".length() + 4 * ((12 + FieldLimits.PUSH_SECRET + 16 + 2) / 3);
        assertColumn(columns, "a2a_push_config.token_sealed", sealed);
        assertColumn(columns, "a2a_push_config.credentials_sealed", sealed);
    }

    private static void assertColumn(Map<String, Integer> columns, String column, int limit) {
        Integer size = columns.get(column);
        assertTrue(size != null, column + " is in the schema: " + columns.keySet());
        assertTrue(limit <= size, column + " holds " + size + " characters, the limit is " + limit);
    }

    private static Map<String, Integer> columns(Path migrations) throws IOException {
        Map<String, Integer> columns = new HashMap<>();
        try (var files = Files.list(migrations)) {
            for (Path file : files.filter(f -> f.toString().endsWith(".sql")).toList()) {
                Matcher table = TABLE.matcher(Files.readString(file));
                while (table.find()) {
                    Matcher column = COLUMN.matcher(table.group(2));
                    while (column.find()) {
                        columns.put(table.group(1) + "." + column.group(1), Integer.parseInt(column.group(2)));
                    }
                }
            }
        }
        return columns;
    }
}
