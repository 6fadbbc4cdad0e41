package dev.switchboard.task;

import static dev.switchboard.task.ServiceHarness.awaitTask;
import static dev.switchboard.task.ServiceHarness.request;
import static dev.switchboard.task.ServiceHarness.user;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.skill.TaskUpdater;
import jakarta.json.JsonObject;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import org.junit.jupiter.api.Test;

/** What the binding knows of a call reaches the skill unchanged: at admission and with each message. */
class CallContextTest extends ServiceTesting {
    private final List<ServerCallContext> admitted = new CopyOnWriteArrayList<>();
    private final List<AgentRequest> executed = new CopyOnWriteArrayList<>();

    private final AgentExecutor recording = new AgentExecutor() {
        @Override
        public void admit(Message message, JsonObject requestMetadata, ServerCallContext call) {
            admitted.add(call);
        }

        @Override
        public void execute(AgentRequest request, TaskUpdater updater) {
            executed.add(request);
            updater.requireInput("and then?");
        }
    };

    @Test
    void theSkillSeesTheCallerTheLineAndTheTenantOfEachMessage() throws Exception {
        TaskService service = service(recording);
        ServerCallContext first = new ServerCallContext(new Caller(Caller.Kind.API_KEY, "key:k1", Tier.AUTHENTICATED,
                "build bot"), ProtocolVersion.V1_0, "acme");
        Task task = awaitTask(service.send(request(user("start", null, null)), first));
        ServerCallContext followUp = new ServerCallContext(first.caller(), ProtocolVersion.V0_3, null);
        awaitTask(service.send(request(user("more", null, task.id())), followUp));

        assertEquals(List.of(first, followUp), admitted);
        assertSame(first, executed.get(0).callContext());
        assertSame(followUp, executed.get(1).callContext(), "a follow-up carries its own call's context");
        AgentRequest request = executed.get(0);
        assertEquals("key:k1", request.owner());
        assertEquals(Tier.AUTHENTICATED, request.callContext().tier());
        assertEquals("build bot", request.callContext().caller().label());
        assertFalse(request.isAnonymous());
        assertEquals("key:k1", harness.store.find(task.id()).orElseThrow().owner(), "the task is the caller's");
    }

    @Test
    void anAnonymousCallerIsToldApartFromTheOperator() throws Exception {
        TaskService service = service(recording);
        ServerCallContext anonymous = new ServerCallContext(new Caller(Caller.Kind.ANONYMOUS, "addr:1f2e",
                Tier.PUBLIC, null), ProtocolVersion.V1_0, null);
        awaitTask(service.send(request(user("hi", null, null)), anonymous));
        awaitTask(service.send(request(user("hi", null, null)),
                new ServerCallContext(Caller.OPERATOR, ProtocolVersion.V1_0, null)));

        assertTrue(executed.get(0).isAnonymous());
        assertEquals(Tier.PUBLIC, executed.get(0).callContext().tier());
        assertFalse(executed.get(1).isAnonymous());
        assertEquals(null, executed.get(1).owner(), "the operator owns no tasks and sees them all");
        assertEquals(Tier.OPERATOR, executed.get(1).callContext().tier());
    }
}
