package dev.switchboard.skill;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.security.Tier;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The agent as a whole: hands each message to one installed skill. A2A has no field for choosing a
 * skill, so, in order: the skill a caller names in {@code metadata.skill} (of the message, or of
 * the request), refusing an unknown one rather than guessing; else the first skill that claims
 * the message by its shape; else the fallback skill; else the first skill on the card. Skills the
 * caller's tier does not reach are refused before any task exists.
 */
public final class SkillRouter implements AgentExecutor {
    /** The metadata key a client uses to name a skill. */
    public static final String SKILL = "skill";

    private final List<Skill> skills;

    public SkillRouter(InstalledSkills installed) {
        this.skills = installed.all();
    }

    @Override
    public void admit(Message message, JsonObject requestMetadata, ServerCallContext call) {
        Skill skill = route(message, requestMetadata);
        if (skill != null && skill.tier() != Tier.PUBLIC) {
            throw new A2AException(A2AError.UNSUPPORTED_OPERATION, "Skill '" + skill.descriptor().id()
                    + "' is for " + skill.tier().name().toLowerCase() + " callers only",
                    Map.of("skill", skill.descriptor().id()));
        }
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws Exception {
        Skill skill = route(request.message(), request.metadata());
        if (skill == null) {
            updater.reject("This agent has no skills installed");
            return;
        }
        skill.executor().execute(request, updater);
    }

    @Override
    public void cancel(AgentRequest request, TaskUpdater updater) {
        Skill skill = route(request.message(), request.metadata());
        if (skill != null) {
            skill.executor().cancel(request, updater);
        }
    }

    /**
     * @return the skill for the message, or null when none is installed
     * @throws A2AException invalid params when the caller names a skill this agent does not have
     */
    Skill route(Message message, JsonObject requestMetadata) {
        Optional<String> named = named(message.metadata()).or(() -> named(requestMetadata));
        if (named.isPresent()) {
            return skills.stream().filter(skill -> skill.descriptor().id().equals(named.get())).findFirst()
                    .orElseThrow(() -> A2AException.invalidField("metadata.skill", "no skill '" + named.get()
                            + "' here; this agent offers " + String.join(", ",
                            skills.stream().map(skill -> skill.descriptor().id()).toList())));
        }
        return skills.stream().filter(skill -> skill.claims(message)).findFirst()
                .or(() -> skills.stream().filter(Skill::isFallback).findFirst())
                .or(() -> skills.stream().findFirst())
                .orElse(null);
    }

    private static Optional<String> named(JsonObject metadata) {
        if (metadata == null) {
            return Optional.empty();
        }
        JsonValue value = metadata.get(SKILL);
        return value instanceof JsonString text && !text.getString().isBlank()
                ? Optional.of(text.getString().trim()) : Optional.empty();
    }
}
