package dev.switchboard.skill;

import dev.switchboard.task.AgentExecutor;
import dev.switchboard.task.AgentRequest;
import dev.switchboard.task.TaskUpdater;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;

/**
 * The agent as a whole: hands each message to one installed skill. A message names its skill in
 * {@code metadata.skillId}; a message that names none goes to the only skill, or the first one in
 * card order when there are several. With no skill installed every task is rejected, clearly.
 */
public final class SkillRouter implements AgentExecutor {
    /** The metadata key a client uses to pick a skill. */
    public static final String SKILL_ID = "skillId";

    private final Map<String, AgentExecutor> executors = new LinkedHashMap<>();

    public SkillRouter(InstalledSkills skills) {
        for (Skill skill : skills.all()) {
            executors.put(skill.descriptor().id(), skill.executor());
        }
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws Exception {
        Optional<AgentExecutor> executor = route(request);
        if (executor.isEmpty()) {
            updater.reject(executors.isEmpty() ? "This agent has no skills installed"
                    : "No skill named '" + requestedSkill(request).orElse("") + "'; this agent offers "
                    + String.join(", ", executors.keySet()));
            return;
        }
        executor.get().execute(request, updater);
    }

    @Override
    public void cancel(AgentRequest request, TaskUpdater updater) {
        route(request).ifPresent(executor -> executor.cancel(request, updater));
    }

    private Optional<AgentExecutor> route(AgentRequest request) {
        Optional<String> named = requestedSkill(request);
        if (named.isPresent()) {
            return Optional.ofNullable(executors.get(named.get()));
        }
        return executors.values().stream().findFirst();
    }

    private static Optional<String> requestedSkill(AgentRequest request) {
        for (var metadata : new jakarta.json.JsonObject[] {request.message().metadata(), request.metadata()}) {
            if (metadata != null) {
                JsonValue value = metadata.get(SKILL_ID);
                if (value instanceof JsonString text) {
                    return Optional.of(text.getString());
                }
            }
        }
        return Optional.empty();
    }
}
