package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import java.util.List;
import org.junit.jupiter.api.Test;

class RequestCodecTest {
    private static final String MESSAGE = "'message':{'messageId':'m','role':'ROLE_USER','parts':[{'text':'hi'}]}";

    private static SendMessageRequest send(String rest) {
        return RequestCodec.sendMessageRequest(json("{" + MESSAGE + (rest.isEmpty() ? "" : "," + rest) + "}"));
    }

    @Test
    void readsTheSendMessageGolden() {
        SendMessageRequest request = RequestCodec.sendMessageRequest(golden("send-message-request"));
        assertEquals("acme", request.tenant());
        assertEquals("m-1", request.message().messageId());
        assertEquals("c-1", request.message().contextId());
        SendMessageConfiguration configuration = request.configuration();
        assertEquals(List.of("text/plain", "application/json"), configuration.acceptedOutputModes());
        assertEquals("https://hooks.example.com/a2a", configuration.pushNotificationConfig().url());
        assertEquals("tok-1", configuration.pushNotificationConfig().token());
        assertEquals("Bearer", configuration.pushNotificationConfig().authentication().scheme());
        assertEquals("secret", configuration.pushNotificationConfig().authentication().credentials());
        assertEquals(5, configuration.historyLength());
        assertTrue(configuration.returnImmediately());
        assertEquals("abc", request.metadata().getString("trace"));
    }

    @Test
    void readsTheTckSnakeCaseRequest() {
        SendMessageRequest request = RequestCodec.sendMessageRequest(json("{'message':{'message_id':'m',"
                + "'context_id':'c','role':'ROLE_USER','parts':[{'text':'hi'}]},'configuration':{"
                + "'accepted_output_modes':['text/plain'],'history_length':'3','return_immediately':true,"
                + "'task_push_notification_config':{'url':'https://h','authentication':{'scheme':'Basic'}}}}"));
        assertEquals("m", request.message().messageId());
        assertEquals("c", request.message().contextId());
        assertEquals(Role.USER, request.message().role());
        assertEquals(List.of("text/plain"), request.configuration().acceptedOutputModes());
        assertEquals(3, request.configuration().historyLength());
        assertTrue(request.configuration().returnImmediately());
        assertEquals("Basic", request.configuration().pushNotificationConfig().authentication().scheme());
    }

    @Test
    void absentConfigurationIsTheDefault() {
        SendMessageRequest request = send("");
        assertSame(SendMessageConfiguration.DEFAULT, request.configuration());
        assertNull(request.tenant());
        assertNull(request.metadata());
        assertFalse(send("'configuration':{}").configuration().returnImmediately());
        assertEquals(json("{" + MESSAGE + "}"), RequestCodec.toJson(send("'configuration':{}")));
    }

    @Test
    void blockingIsTheInverseOfReturnImmediatelyWhenThatIsAbsent() {
        assertTrue(send("'configuration':{'blocking':false}").configuration().returnImmediately());
        assertFalse(send("'configuration':{'blocking':true}").configuration().returnImmediately());
        assertFalse(send("'configuration':{'returnImmediately':false,'blocking':false}").configuration()
                .returnImmediately());
        assertTrue(send("'configuration':{'returnImmediately':true,'blocking':true}").configuration()
                .returnImmediately());
        assertTrue(send("'configuration':{'returnImmediately':null,'blocking':false}").configuration()
                .returnImmediately());
    }

    @Test
    void releaseCandidatePushConfigName() {
        SendMessageRequest request = send("'configuration':{'pushNotificationConfig':{'url':'https://rc'}}");
        assertEquals("https://rc", request.configuration().pushNotificationConfig().url());
        assertInvalid("configuration.pushNotificationConfig.url",
                () -> send("'configuration':{'pushNotificationConfig':{'token':'t'}}"));
    }

    @Test
    void invalidSendMessageRequestsNameTheField() {
        assertInvalid("message", () -> RequestCodec.sendMessageRequest(json("{}")));
        assertInvalid("message", () -> RequestCodec.sendMessageRequest(json("{'message':'hello'}")));
        assertInvalid("message.messageId",
                () -> RequestCodec.sendMessageRequest(json("{'message':{'kind':'message'}}")));
        assertInvalid("message.role", () -> RequestCodec.sendMessageRequest(
                json("{'message':{'messageId':'m','role':'user','parts':[{'text':'x'}]}}")));
        assertInvalid("message.parts[0]", () -> RequestCodec.sendMessageRequest(
                json("{'message':{'messageId':'m','role':'ROLE_USER','parts':['invalid']}}")));
        assertInvalid("message.parts[0].raw", () -> RequestCodec.sendMessageRequest(
                json("{'message':{'messageId':'m','role':'ROLE_USER','parts':[{'raw':'%%%'}]}}")));
        A2AException negative = assertInvalid("configuration.historyLength",
                () -> send("'configuration':{'historyLength':-1}"));
        assertEquals("must not be negative", negative.violations().get(0).description());
        assertInvalid("configuration.historyLength", () -> send("'configuration':{'historyLength':'-5'}"));
        assertInvalid("configuration.historyLength", () -> send("'configuration':{'historyLength':'many'}"));
        assertInvalid("configuration.returnImmediately", () -> send("'configuration':{'returnImmediately':1}"));
        assertInvalid("configuration.acceptedOutputModes", () -> send("'configuration':{'acceptedOutputModes':'x'}"));
        assertInvalid("configuration", () -> send("'configuration':[]"));
        assertInvalid("configuration.taskPushNotificationConfig.url",
                () -> send("'configuration':{'taskPushNotificationConfig':{}}"));
        assertInvalid("metadata", () -> send("'metadata':'x'"));
    }

    @Test
    void unknownFieldsAreIgnored() {
        SendMessageRequest request = send("'configuration':{'historyLength':0,'future':{'a':1}},'extra':true");
        assertEquals(0, request.configuration().historyLength());
    }

    @Test
    void getTask() {
        GetTaskRequest request = RequestCodec.getTaskRequest(golden("get-task-request"));
        assertEquals("acme", request.tenant());
        assertEquals("t-1", request.id());
        assertEquals(0, request.historyLength());
        assertEquals(7, RequestCodec.getTaskRequest(json("{'id':'t','history_length':'7'}")).historyLength());
        assertNull(RequestCodec.getTaskRequest(json("{'id':'t'}")).historyLength());
        assertInvalid("id", () -> RequestCodec.getTaskRequest(json("{}")));
        assertInvalid("id", () -> RequestCodec.getTaskRequest(json("{'id':''}")));
        assertInvalid("id", () -> RequestCodec.getTaskRequest(json("{'id':7}")));
        assertInvalid("historyLength", () -> RequestCodec.getTaskRequest(json("{'id':'t','historyLength':-1}")));
        assertInvalid("historyLength", () -> RequestCodec.getTaskRequest(json("{'id':'t','historyLength':2.5}")));
    }

    @Test
    void cancelAndSubscribe() {
        CancelTaskRequest cancel = RequestCodec.cancelTaskRequest(golden("cancel-task-request"));
        assertEquals("t-1", cancel.id());
        assertEquals("user", cancel.metadata().getString("reason"));
        assertNull(cancel.tenant());
        assertInvalid("id", () -> RequestCodec.cancelTaskRequest(json("{'metadata':{}}")));
        assertInvalid("metadata", () -> RequestCodec.cancelTaskRequest(json("{'id':'t','metadata':1}")));
        assertEquals("t-1", RequestCodec.subscribeToTaskRequest(golden("subscribe-to-task-request")).id());
        assertEquals("acme", RequestCodec.subscribeToTaskRequest(golden("subscribe-to-task-request")).tenant());
        assertInvalid("id", () -> RequestCodec.subscribeToTaskRequest(json("{'tenant':'acme'}")));
    }
}
