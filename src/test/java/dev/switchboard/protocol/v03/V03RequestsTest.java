package dev.switchboard.protocol.v03;

import static dev.switchboard.protocol.v03.BridgeTest.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.request.SendMessageRequest;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

class V03RequestsTest {
    private static final String MESSAGE = "'message':{'kind':'message','messageId':'m','role':'user',"
            + "'parts':[{'kind':'text','text':'hi'}]}";
    private static final String PROTO_MESSAGE = "'message':{'message_id':'m','role':'ROLE_USER',"
            + "'content':[{'text':'hi'}]}";

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "| false",
            "'configuration':{}, | false",
            "'configuration':{'blocking':true}, | false",
            "'configuration':{'blocking':false}, | true"})
    void blockingIsTheInverseOfReturnImmediately(String configuration, boolean returnImmediately) {
        String params = "{" + (configuration == null ? "" : configuration) + MESSAGE + "}";
        assertEquals(returnImmediately,
                V03Requests.sendMessage(json(params), V03Dialect.JSONRPC).configuration().returnImmediately());
    }

    @Test
    void aJsonRpcSendReadsIntoTheOneRequest() {
        SendMessageRequest request = V03Requests.sendMessage(json("{" + MESSAGE + ",'configuration':{"
                + "'acceptedOutputModes':['text/plain'],'historyLength':3,'pushNotificationConfig':{'url':"
                + "'https://h/w','token':'t'}},'metadata':{'k':1}}"), V03Dialect.JSONRPC);
        assertEquals("m", request.message().messageId());
        assertEquals(List.of("text/plain"), request.configuration().acceptedOutputModes());
        assertEquals(3, request.configuration().historyLength());
        assertEquals(new TaskPushNotificationConfig(null, null, "", "https://h/w", "t", null),
                request.configuration().pushNotificationConfig());
        assertEquals(1, request.metadata().getInt("k"));
    }

    @Test
    void aProtoSendReadsContentPushNotificationAndZeroHistoryAsUnlimited() {
        SendMessageRequest request = V03Requests.sendMessage(json("{" + PROTO_MESSAGE + ",'configuration':{"
                + "'history_length':0,'push_notification':{'url':'https://h/w'},'blocking':false}}"),
                V03Dialect.PROTO);
        assertEquals("hi", request.message().parts().get(0).text());
        assertNull(request.configuration().historyLength(), "0 means no limit in the 0.3 proto");
        assertEquals("https://h/w", request.configuration().pushNotificationConfig().url());
        assertEquals(true, request.configuration().returnImmediately());
        assertNull(V03Requests.sendMessage(json("{" + MESSAGE + ",'configuration':{'historyLength':0}}"),
                V03Dialect.JSONRPC).configuration().historyLength(), "0.3 clients send 0 for unset");
        assertNull(V03Requests.getTask(json("{'id':'t','historyLength':0}"), V03Dialect.JSONRPC).historyLength());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'id':'t1'} | t1",
            "{'id':'t1','metadata':{}} | t1",
            "{'name':'tasks/t2'} | t2"})
    void taskIdsFromIdOrResourceName(String params, String id) {
        assertEquals(id, V03Requests.getTask(json(params), V03Dialect.JSONRPC).id());
        assertEquals(id, V03Requests.cancelTask(json(params)).id());
        assertEquals(id, V03Requests.subscribeToTask(json(params)).id());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {"{}", "{'name':'tasks/'}", "{'id':''}", "{'id':5}"})
    void aMissingTaskIdIsInvalidParams(String params) {
        A2AException e = assertThrows(A2AException.class, () -> V03Requests.cancelTask(json(params)));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
    }

    @ParameterizedTest
    @EnumSource(V03Dialect.class)
    void negativeHistoryLengthIsRefused(V03Dialect dialect) {
        assertThrows(A2AException.class,
                () -> V03Requests.getTask(json("{'id':'t','historyLength':-1}"), dialect));
        assertEquals(2, V03Requests.getTask(json("{'id':'t','historyLength':2}"), dialect).historyLength());
    }

    @Test
    void aSendWithoutMessageIsInvalidParams() {
        assertThrows(A2AException.class, () -> V03Requests.sendMessage(json("{}"), V03Dialect.JSONRPC));
        assertThrows(A2AException.class,
                () -> V03Requests.sendMessage(json("{'message':{'kind':'message'}}"), V03Dialect.JSONRPC));
    }

    private static final TaskPushNotificationConfig CONFIG = new TaskPushNotificationConfig(null, "c1", "t1",
            "https://h/w", "tok", new AuthenticationInfo("Bearer", "secret"));

    @Test
    void pushConfigsInTheJsonRpcShape() {
        assertEquals(json("{'taskId':'t1','pushNotificationConfig':{'id':'c1','url':'https://h/w','token':'tok',"
                + "'authentication':{'schemes':['Bearer'],'credentials':'secret'}}}"),
                PushConfigs.toV03(CONFIG, V03Dialect.JSONRPC));
        assertEquals(CONFIG, PushConfigs.fromV03(PushConfigs.toV03(CONFIG, V03Dialect.JSONRPC), null));
    }

    @Test
    void pushConfigsInTheProtoShape() {
        assertEquals(json("{'name':'tasks/t1/pushNotificationConfigs/c1','pushNotificationConfig':{'id':'c1',"
                + "'url':'https://h/w','token':'tok','authentication':{'schemes':['Bearer'],'credentials':'secret'}}}"),
                PushConfigs.toV03(CONFIG, V03Dialect.PROTO));
        assertEquals(CONFIG, PushConfigs.fromV03(PushConfigs.toV03(CONFIG, V03Dialect.PROTO), null));
        assertEquals(CONFIG, PushConfigs.fromV03(PushConfigs.toV03(CONFIG, V03Dialect.PROTO), "t1"),
                "the route's task id");
    }

    @Test
    void theProtoCreateRequestAndConfigIdsAreRead() {
        TaskPushNotificationConfig config = PushConfigs.fromV03(json("{'parent':'tasks/t1','configId':'c9',"
                + "'config':{'pushNotificationConfig':{'url':'https://h/w'}}}"), "t1");
        assertEquals(new TaskPushNotificationConfig(null, "c9", "t1", "https://h/w", null, null), config);
        assertEquals("c1", PushConfigs.configId(json("{'id':'t1','pushNotificationConfigId':'c1'}")));
        assertEquals("c2", PushConfigs.configId(json("{'name':'tasks/t1/pushNotificationConfigs/c2'}")));
        assertNull(PushConfigs.configId(json("{'id':'t1'}")));
    }

    @Test
    void ofSeveralSchemesTheFirstIsKept() {
        TaskPushNotificationConfig config = PushConfigs.fromV03(json("{'taskId':'t','pushNotificationConfig':{"
                + "'url':'https://h/w','authentication':{'schemes':['Basic','Bearer']}}}"), null);
        assertEquals(new AuthenticationInfo("Basic", null), config.authentication());
    }

    @Test
    void anEmptyAuthenticationIsNone() {
        TaskPushNotificationConfig config = PushConfigs.fromV03(json("{'parent':'tasks/t','config_id':'default',"
                + "'config':{'name':'tasks/t/pushNotificationConfigs/default','push_notification_config':{"
                + "'id':'default','url':'https://h/w','token':'','authentication':{}}}}"), "t");
        assertNull(config.authentication());
        assertEquals("default", config.id());
        assertEquals("t", config.taskId());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', value = {
            "{'pushNotificationConfig':{'url':'https://h/w'}}",
            "{'taskId':'t'}",
            "{'taskId':'t','pushNotificationConfig':{}}",
            "{'taskId':'t','pushNotificationConfig':{'url':'u','authentication':{'schemes':[],'credentials':'c'}}}"})
    void malformedPushConfigsAreInvalidParams(String json) {
        A2AException e = assertThrows(A2AException.class, () -> PushConfigs.fromV03(json(json), null));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
    }

    @Test
    void listsAreBareArraysInJsonRpcAndWrappedInProto() {
        assertEquals(1, PushConfigs.listToV03(List.of(CONFIG), V03Dialect.JSONRPC).asJsonArray().size());
        assertEquals(1, PushConfigs.listToV03(List.of(CONFIG), V03Dialect.PROTO).asJsonObject()
                .getJsonArray("configs").size());
    }

    @ParameterizedTest
    @EnumSource(A2AError.class)
    void everyErrorHasA03RestBody(A2AError error) {
        var body = V03Errors.restBody(new A2AException(error, "why"));
        assertEquals(error.jsonRpcCode(), body.getInt("code"));
        assertEquals("why", body.getString("message"));
        assertEquals("io.a2a.spec." + V03Errors.typeName(error), body.getString("error"));
    }

    @Test
    void errorTypeNamesAreThe03Ones() {
        assertEquals("TaskNotFoundError", V03Errors.typeName(A2AError.TASK_NOT_FOUND));
        assertEquals("TaskNotCancelableError", V03Errors.typeName(A2AError.TASK_NOT_CANCELABLE));
        assertEquals("AuthenticatedExtendedCardNotConfiguredError",
                V03Errors.typeName(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED));
    }
}
