package dev.switchboard.tck;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.UUID;

/**
 * The skill of the conformance harness: answers the message-id conventions of the official A2A
 * TCK lines. The 1.0 scenario line uses {@code tck-} prefixes with literal texts; the older lines
 * use other ids and expect every task to go to WORKING and stay there until cancelled or followed
 * up. Never part of the product WAR.
 */
public final class TckSkill implements Skill, AgentExecutor {
    private static final long RESUBSCRIBE_WINDOW_MS = 4_000;

    @Override
    public AgentSkill descriptor() {
        return new AgentSkill("tck", "Conformance", "Answers A2A conformance-suite messages", List.of("tck"),
                List.of(), List.of(), List.of());
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    /** The harness exists to answer the conformance suite: every message is this skill's. */
    @Override
    public boolean claims(dev.switchboard.protocol.Message message) {
        return true;
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws Exception {
        String id = request.message().messageId();
        if (id.startsWith("test-resubscribe-message-id") || id.startsWith("test-subscribe-message-id")) {
            updater.working();
            Thread.sleep(RESUBSCRIBE_WINDOW_MS);
        } else if (id.startsWith("tck-")) {
            scenario(id, updater);
        } else {
            // the older lines give other ids no meaning and expect the task to keep working
            updater.working();
        }
    }

    /** The 1.0 line's scenarios, most specific prefixes first. */
    private static void scenario(String id, TaskUpdater updater) {
        if (id.startsWith("tck-stream-artifact-chunked")) {
            updater.working();
            updater.artifactChunk(artifact(Part.text("chunk-1 ")), true, false);
            updater.artifactChunk(artifact(Part.text("chunk-2")), true, true);
            updater.complete();
        } else if (id.startsWith("tck-stream-artifact-text")) {
            streamed(updater, Part.text("Streamed text content"));
        } else if (id.startsWith("tck-stream-artifact-file")) {
            streamed(updater, file());
        } else if (id.startsWith("tck-stream-ordering-001")) {
            streamed(updater, Part.text("Ordered output"));
        } else if (id.startsWith("tck-stream-001")) {
            streamed(updater, Part.text("Stream hello from TCK"));
        } else if (id.startsWith("tck-stream-002")) {
            updater.complete();
        } else if (id.startsWith("tck-stream-003")) {
            streamed(updater, Part.text("Stream task lifecycle"));
        } else if (id.startsWith("tck-artifact-file-url")) {
            finished(updater, Part.url("https://example.com/output.txt", "text/plain", "output.txt"));
        } else if (id.startsWith("tck-artifact-text")) {
            finished(updater, Part.text("Generated text content"));
        } else if (id.startsWith("tck-artifact-file")) {
            finished(updater, file());
        } else if (id.startsWith("tck-artifact-data")) {
            finished(updater, Part.data(JsonFactory.createObjectBuilder().add("key", "value").add("count", 42).build()));
        } else if (id.startsWith("tck-message-response")) {
            updater.reply(updater.message("Direct message response"));
        } else if (id.startsWith("tck-input-required")) {
            updater.status(dev.switchboard.protocol.TaskState.INPUT_REQUIRED, null);
        } else if (id.startsWith("tck-complete-task")) {
            updater.complete("Hello from TCK");
        } else if (id.startsWith("tck-reject-task")) {
            updater.reject("rejected");
        } else {
            updater.complete("Unhandled messageId prefix: " + id);
        }
    }

    private static void streamed(TaskUpdater updater, Part part) {
        updater.working();
        finished(updater, part);
    }

    private static void finished(TaskUpdater updater, Part part) {
        updater.artifact(artifact(part));
        updater.complete();
    }

    private static Artifact artifact(Part part) {
        return Artifact.of(UUID.nameUUIDFromBytes(String.valueOf(part.kind()).getBytes(StandardCharsets.UTF_8))
                .toString(), null, List.of(part));
    }

    private static Part file() {
        return Part.raw("tck".getBytes(StandardCharsets.UTF_8), "text/plain", "output.txt");
    }
}
