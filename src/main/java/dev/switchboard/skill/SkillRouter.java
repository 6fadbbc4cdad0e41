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
 * the message by its shape; else the fallback skill; else the first skill on the card. A caller
 * is routed among the skills its tier reaches, the ones its card lists: a skill beyond its tier
 * (named, or the only kind installed) is refused before any task exists, and the unknown-skill
 * error lists only the skills the caller reaches.
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
        route(message, requestMetadata, call.tier());
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) throws Exception {
        Skill skill = route(request);
        if (skill == null) {
            updater.reject("This agent has no skills installed");
            return;
        }
        skill.executor().execute(request, updater);
    }

    @Override
    public void cancel(AgentRequest request, TaskUpdater updater) {
        Skill skill = route(request);
        if (skill != null) {
            skill.executor().cancel(request, updater);
        }
    }

    private Skill route(AgentRequest request) {
        return route(request.message(), request.metadata(), request.callContext().tier());
    }

    /**
     * @param tier how far the caller reaches
     * @return the skill for the message, or null when none is installed
     * @throws A2AException invalid params when the caller names a skill this agent does not have;
     *                      unsupported operation when the skill is beyond the caller's tier
     */
    Skill route(Message message, JsonObject requestMetadata, Tier tier) {
        List<Skill> reached = skills.stream().filter(skill -> tier.reaches(skill.tier())).toList();
        Optional<String> named = named(message.metadata()).or(() -> named(requestMetadata));
        // a caller that reaches no skill is refused by the one that would have taken its message
        Skill skill = named.isPresent() ? byId(named.get(), reached)
                : implicit(message, reached.isEmpty() ? skills : reached);
        if (skill != null && !tier.reaches(skill.tier())) {
            throw new A2AException(A2AError.UNSUPPORTED_OPERATION, "Skill '" + skill.descriptor().id()
                    + "' is for " + skill.tier().name().toLowerCase() + " callers only",
                    Map.of("skill", skill.descriptor().id()));
        }
        return skill;
    }

    /** The named skill; the error names only the skills the caller's card lists. */
    private Skill byId(String id, List<Skill> reached) {
        return skills.stream().filter(skill -> skill.descriptor().id().equals(id)).findFirst()
                .orElseThrow(() -> A2AException.invalidField("metadata.skill", "no skill '" + id
                        + "' here; this agent offers " + String.join(", ",
                        reached.stream().map(skill -> skill.descriptor().id()).toList())));
    }

    private static Skill implicit(Message message, List<Skill> candidates) {
        return candidates.stream().filter(skill -> skill.claims(message)).findFirst()
                .or(() -> candidates.stream().filter(Skill::isFallback).findFirst())
                .or(() -> candidates.stream().findFirst())
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
