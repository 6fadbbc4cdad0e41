package dev.switchboard.it;

import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import java.util.List;
import java.util.Map;

/**
 * A skill that supports two A2A extensions, installed only by {@link ExtensionsIT} (the other
 * tests' clients activate none, and one of these is required). With {@link #TRACE} active it adds
 * an artifact saying what it was given; {@link #CONTRACT} every request must activate. It completes
 * its task naming the extensions active for the call, as the call context tells it.
 */
public final class ExtensionSkill implements Skill, AgentExecutor {
    /** Optional: the skill adds a "trace" artifact. */
    public static final String TRACE = "urn:switchboard:test:trace:v1";
    /** Required: a client that does not activate it may not call this agent. */
    public static final String CONTRACT = "urn:switchboard:test:contract:v1";

    @Override
    public AgentSkill descriptor() {
        return new AgentSkill("extensions", "Extensions", "Says which A2A extensions the call activated",
                List.of("test"), List.of(), List.of(), List.of());
    }

    @Override
    public List<AgentExtension> extensions() {
        return List.of(new AgentExtension(TRACE, "Adds an artifact named trace describing the call", false,
                        Map.of("artifactName", "trace")),
                new AgentExtension(CONTRACT, "Every request must activate it", true, Map.of()));
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) {
        List<String> active = request.callContext().activeExtensions();
        if (request.isExtensionActive(TRACE)) {
            updater.artifact(Artifact.of("trace", "trace", List.of(Part.text("line " + request.callContext().line()
                    .label() + ", " + active.size() + " active"))));
        }
        updater.complete("active: " + String.join(" ", active));
    }
}
