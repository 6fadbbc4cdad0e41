package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static dev.switchboard.protocol.json.JsonTesting.value;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import java.util.List;
import org.junit.jupiter.api.Test;

class MessageCodecTest {

    @Test
    void readsTheGolden() {
        Message message = MessageCodec.fromJson(golden("message"), "");
        assertEquals("m-1", message.messageId());
        assertEquals("c-1", message.contextId());
        assertEquals("t-1", message.taskId());
        assertEquals(Role.USER, message.role());
        assertEquals(2, message.parts().size());
        assertEquals("Summarise this", message.parts().get(0).text());
        assertEquals(Part.Kind.URL, message.parts().get(1).kind());
        assertEquals(2, message.metadata().getInt("attempt"));
        assertEquals(List.of("https://example.com/ext/trace/v1"), message.extensions());
        assertEquals(List.of("t-0", "t-00"), message.referenceTaskIds());
    }

    @Test
    void readsSnakeCase() {
        Message message = MessageCodec.fromJson(value("{'message_id':'m','context_id':'c','task_id':'t',"
                + "'role':'ROLE_AGENT','parts':[{'text':'x'}],'reference_task_ids':['r']}"), "message");
        assertEquals("m", message.messageId());
        assertEquals("c", message.contextId());
        assertEquals("t", message.taskId());
        assertEquals(Role.AGENT, message.role());
        assertEquals(List.of("r"), message.referenceTaskIds());
    }

    @Test
    void writesOnlyWhatIsSet() {
        Message message = Message.agent("m", null, null, List.of(Part.text("hi")));
        assertEquals(json("{'messageId':'m','role':'ROLE_AGENT','parts':[{'text':'hi'}]}"),
                MessageCodec.toJson(message));
        assertEquals(List.of("messageId", "contextId", "taskId", "role", "parts"),
                List.copyOf(MessageCodec.toJson(message.withIds("c", "t")).keySet()));
    }

    @Test
    void theTckMessagesThatMustBeRefused() {
        assertInvalid("message.messageId", () -> MessageCodec.fromJson(value("{'kind':'message'}"), "message"));
        assertInvalid("message.messageId", () -> read("{'role':'ROLE_USER','parts':[{'text':'x'}]}"));
        assertInvalid("message.messageId", () -> read("{'messageId':'','role':'ROLE_USER','parts':[{'text':'x'}]}"));
        assertInvalid("message.role", () -> read("{'messageId':'m','parts':[{'text':'x'}]}"));
        assertInvalid("message.parts", () -> read("{'messageId':'m','role':'ROLE_USER'}"));
        assertInvalid("message.parts", () -> read("{'messageId':'m','role':'ROLE_USER','parts':[]}"));
        assertInvalid("message.parts", () -> read("{'messageId':'m','role':'ROLE_USER','parts':{'text':'x'}}"));
        assertInvalid("message.parts[0]", () -> read("{'messageId':'m','role':'ROLE_USER','parts':['invalid']}"));
        assertInvalid("message.parts[1]", () -> read("{'messageId':'m','role':'ROLE_USER','parts':[{'text':'a'},{}]}"));
    }

    @Test
    void onlyOneDotZeroRoleNames() {
        for (String bad : new String[] {"'ROLE_UNSPECIFIED'", "0", "'user'", "'agent'", "'ROLE_ADMIN'", "''", "true"}) {
            assertInvalid("message.role",
                    () -> read("{'messageId':'m','role':" + bad + ",'parts':[{'text':'x'}]}"));
        }
        assertEquals(Role.USER, read("{'messageId':'m','role':1,'parts':[{'text':'x'}]}").role());
    }

    @Test
    void notAnObject() {
        assertInvalid("message", () -> MessageCodec.fromJson(value("'hello'"), "message"));
    }

    @Test
    void optionalFieldsMustHaveTheirTypes() {
        assertInvalid("message.metadata",
                () -> read("{'messageId':'m','role':'ROLE_USER','parts':[{'text':'x'}],'metadata':[]}"));
        assertInvalid("message.extensions[0]",
                () -> read("{'messageId':'m','role':'ROLE_USER','parts':[{'text':'x'}],'extensions':[1]}"));
        assertInvalid("message.taskId",
                () -> read("{'messageId':'m','role':'ROLE_USER','parts':[{'text':'x'}],'taskId':{}}"));
        Message message = read("{'messageId':'m','role':'ROLE_USER','parts':[{'text':'x'}],'contextId':'',"
                + "'taskId':null,'kind':'message','unknown':[1,2]}");
        assertNull(message.contextId());
        assertNull(message.taskId());
    }

    private static Message read(String singleQuoted) {
        return MessageCodec.fromJson(value(singleQuoted), "message");
    }
}
