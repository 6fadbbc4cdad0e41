package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.TaskPushNotificationConfig;
import org.junit.jupiter.api.Test;

class PushConfigCodecTest {

    @Test
    void readsTheGolden() {
        TaskPushNotificationConfig config = PushConfigCodec.fromJson(golden("push-config"), "");
        assertEquals("acme", config.tenant());
        assertEquals("cfg-1", config.id());
        assertEquals("t-1", config.taskId());
        assertEquals("https://hooks.example.com/a2a", config.url());
        assertEquals("tok-1", config.token());
        assertEquals("Bearer", config.authentication().scheme());
        assertEquals("secret", config.authentication().credentials());
    }

    @Test
    void onlyTheUrlIsRequired() {
        TaskPushNotificationConfig config = PushConfigCodec.fromJson(json("{'task_id':'t','url':'https://h'}"), "");
        assertEquals("t", config.taskId());
        assertNull(config.id());
        assertNull(config.token());
        assertNull(config.authentication());
        assertEquals(json("{'taskId':'t','url':'https://h'}"), PushConfigCodec.toJson(config));
    }

    @Test
    void readsTheReleaseCandidateNesting() {
        TaskPushNotificationConfig config = PushConfigCodec.fromJson(json("{'taskId':'t','pushNotificationConfig':"
                + "{'id':'c','url':'https://h','token':'k','authentication':{'scheme':'Bearer'}}}"), "");
        assertEquals("t", config.taskId());
        assertEquals("c", config.id());
        assertEquals("https://h", config.url());
        assertEquals("k", config.token());
        assertEquals("Bearer", config.authentication().scheme());
    }

    @Test
    void invalidConfigsNameTheField() {
        assertInvalid("url", () -> PushConfigCodec.fromJson(json("{'taskId':'t'}"), ""));
        assertInvalid("url", () -> PushConfigCodec.fromJson(json("{'url':''}"), ""));
        assertInvalid("authentication.scheme",
                () -> PushConfigCodec.fromJson(json("{'url':'https://h','authentication':{'credentials':'x'}}"), ""));
        assertInvalid("authentication",
                () -> PushConfigCodec.fromJson(json("{'url':'https://h','authentication':'Bearer x'}"), ""));
        assertInvalid("pushNotificationConfig.url",
                () -> PushConfigCodec.fromJson(json("{'pushNotificationConfig':{'id':'c'}}"), ""));
    }
}
