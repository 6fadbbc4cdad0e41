package dev.switchboard.it;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import java.util.List;

/**
 * A skill the integration tests install into the deployed WAR, as a deployer would, to drive the
 * server through every path. What it does depends on the message text:
 * {@code slow:<ms>} works that long; {@code input} asks for input and completes on the follow-up;
 * {@code reply} answers with a direct message; {@code fail} throws; {@code chunks:<n>} streams an
 * artifact in n chunks; anything else is echoed back as an artifact.
 */
public final class EchoSkill implements Skill, AgentExecutor {
    @Override
    public AgentSkill descriptor() {
        return new AgentSkill("echo", "Echo", "Echoes text back; test commands change its behaviour",
                List.of("test"), List.of("hello"), List.of(), List.of());
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws Exception {
        String text = request.message().parts().get(0).text();
        text = text == null ? "" : text;
        if (request.isFollowUp()) {
            updater.working();
            updater.complete("Thanks for: " + text);
            return;
        }
        if (text.equals("reply")) {
            updater.reply(updater.message("Direct reply"));
        } else if (text.equals("input")) {
            updater.working();
            updater.requireInput("What else?");
        } else if (text.equals("fail")) {
            updater.working();
            throw new IllegalStateException("secret internal detail");
        } else if (text.startsWith("slow:")) {
            updater.working();
            Thread.sleep(Long.parseLong(text.substring(5)));
            updater.complete("Done slowly");
        } else if (text.startsWith("chunks:")) {
            updater.working();
            int chunks = Integer.parseInt(text.substring(7));
            for (int i = 1; i <= chunks; i++) {
                updater.artifactChunk(Artifact.of("chunks", "chunks", List.of(Part.text("chunk-" + i + " "))),
                        i > 1, i == chunks);
                Thread.sleep(100);
            }
            updater.complete();
        } else {
            updater.working();
            updater.artifact(Artifact.of("echo", "echo", List.of(Part.text(text))));
            updater.complete("Echo: " + text);
        }
    }
}
