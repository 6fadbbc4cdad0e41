package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.TaskState;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonValue;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ProtoJsonTest {
    private static final List<TaskState> STATES = List.of(TaskState.values());

    @Test
    void snakeNamesOfCamelNames() {
        assertEquals("message_id", ProtoJson.snakeName("messageId"));
        assertEquals("task_push_notification_config", ProtoJson.snakeName("taskPushNotificationConfig"));
        assertEquals("reference_task_ids", ProtoJson.snakeName("referenceTaskIds"));
        assertEquals("id", ProtoJson.snakeName("id"));
    }

    @Test
    void fieldsAreFoundUnderEitherNameCamelCaseFirst() {
        assertEquals("a", ProtoJson.string(json("{'message_id':'a'}"), "", "messageId"));
        assertEquals("b", ProtoJson.string(json("{'messageId':'b','message_id':'a'}"), "", "messageId"));
        assertEquals(7, ProtoJson.int32(json("{'history_length':7}"), "", "historyLength"));
    }

    @Test
    void nullAndEmptyStringReadAsAbsent() {
        assertNull(ProtoJson.string(json("{'contextId':null}"), "", "contextId"));
        assertNull(ProtoJson.string(json("{'contextId':''}"), "", "contextId"));
        assertNull(ProtoJson.field(json("{'contextId':null}"), "contextId"));
        assertEquals(JsonValue.NULL, ProtoJson.member(json("{'data':null}"), "data"));
        assertNull(ProtoJson.member(json("{}"), "data"));
        assertInvalid("id", () -> ProtoJson.requiredString(json("{'id':''}"), "", "id"));
        assertInvalid("id", () -> ProtoJson.requiredString(json("{'id':null}"), "", "id"));
    }

    @Test
    void wrongTypesNameTheFieldWithItsPath() {
        A2AException e = assertInvalid("message.contextId",
                () -> ProtoJson.string(json("{'contextId':5}"), "message", "contextId"));
        assertEquals("must be a string", e.violations().get(0).description());
        assertInvalid("metadata", () -> ProtoJson.object(json("{'metadata':[1]}"), "", "metadata"));
        assertInvalid("a.list", () -> ProtoJson.array(json("{'list':{}}"), "a", "list"));
        assertInvalid("a.list[1]", () -> ProtoJson.strings(json("{'list':['x',2]}"), "a", "list"));
    }

    @Test
    void int32AcceptsNumbersAndNumericStrings() {
        assertEquals(10, ProtoJson.int32(json("{'n':10}"), "", "n"));
        assertEquals(10, ProtoJson.int32(json("{'n':'10'}"), "", "n"));
        assertEquals(-3, ProtoJson.int32(json("{'n':'-3'}"), "", "n"));
        assertEquals(10, ProtoJson.int32(json("{'n':10.0}"), "", "n"));
        assertEquals(100, ProtoJson.int32(json("{'n':1e2}"), "", "n"));
        assertEquals(Integer.MAX_VALUE, ProtoJson.int32(json("{'n':2147483647}"), "", "n"));
        assertNull(ProtoJson.int32(json("{}"), "", "n"));
        for (String bad : new String[] {"1.5", "'1.5'", "'ten'", "''", "true", "[]", "2147483648", "'1e999999999'"}) {
            assertInvalid("n", () -> ProtoJson.int32(json("{'n':" + bad + "}"), "", "n"));
        }
    }

    @Test
    void boolAcceptsLiteralsAndTheirStrings() {
        assertTrue(ProtoJson.bool(json("{'b':true}"), "", "b"));
        assertFalse(ProtoJson.bool(json("{'b':false}"), "", "b"));
        assertTrue(ProtoJson.bool(json("{'b':'true'}"), "", "b"));
        assertFalse(ProtoJson.bool(json("{'b':'false'}"), "", "b"));
        assertNull(ProtoJson.bool(json("{'b':null}"), "", "b"));
        assertInvalid("b", () -> ProtoJson.bool(json("{'b':1}"), "", "b"));
        assertInvalid("b", () -> ProtoJson.bool(json("{'b':'yes'}"), "", "b"));
    }

    @Test
    void enumsByNameOrNumber() {
        assertEquals(TaskState.WORKING, ProtoJson.enumValue(json("{'s':'TASK_STATE_WORKING'}"), "", "s", STATES,
                TaskState::fromWireName));
        assertEquals(TaskState.WORKING, ProtoJson.enumValue(json("{'s':2}"), "", "s", STATES, TaskState::fromWireName));
        assertEquals(Role.AGENT, ProtoJson.enumValue(json("{'r':2}"), "", "r", List.of(Role.values()),
                Role::fromWireName));
        assertNull(ProtoJson.enumValue(json("{}"), "", "s", STATES, TaskState::fromWireName));
        for (String bad : new String[] {"'working'", "'TASK_STATE_'", "'TASK_STATE_DONE'", "9", "-1", "1.5", "{}"}) {
            assertInvalid("s", () -> ProtoJson.enumValue(json("{'s':" + bad + "}"), "", "s", STATES,
                    TaskState::fromWireName));
        }
    }

    @Test
    void timestampFieldsAreStrings() {
        assertEquals(Instant.parse("2025-10-28T10:30:00Z"),
                ProtoJson.timestamp(json("{'t':'2025-10-28T10:30:00Z'}"), "", "t"));
        assertInvalid("x.t", () -> ProtoJson.timestamp(json("{'t':1761647400}"), "x", "t"));
        assertInvalid("x.t", () -> ProtoJson.timestamp(json("{'t':'-1'}"), "x", "t"));
    }

    @Test
    void writersLeaveDefaultsOut() {
        JsonObjectBuilder json = ProtoWriter.objectBuilder();
        ProtoWriter.putString(json, "nullString", null);
        ProtoWriter.putString(json, "emptyString", "");
        ProtoWriter.putStrings(json, "emptyList", List.of());
        ProtoWriter.putObject(json, "nullObject", null);
        ProtoWriter.putTrue(json, "falseFlag", false);
        ProtoWriter.putTimestamp(json, "nullTime", null);
        ProtoWriter.putString(json, "s", "v");
        ProtoWriter.putStrings(json, "l", List.of("a", "b"));
        ProtoWriter.putTrue(json, "f", true);
        ProtoWriter.putTimestamp(json, "t", Instant.parse("2025-10-28T10:30:00Z"));
        JsonObject built = json.build();
        assertEquals(json("{'s':'v','l':['a','b'],'f':true,'t':'2025-10-28T10:30:00.000Z'}"), built);
    }
}
