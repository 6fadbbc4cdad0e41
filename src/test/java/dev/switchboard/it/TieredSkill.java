package dev.switchboard.it;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import java.util.List;

/**
 * Skills the integration tests install beside {@link EchoSkill} that only some callers may use:
 * one for key holders and up, one for the operator. Each completes its task saying what it was
 * told of the call, so a test sees the call context arrive through either binding.
 */
public abstract class TieredSkill implements Skill, AgentExecutor {
    private final String id;
    private final Tier tier;

    TieredSkill(String id, Tier tier) {
        this.id = id;
        this.tier = tier;
    }

    @Override
    public AgentSkill descriptor() {
        return new AgentSkill(id, id, "Tells " + tier.name().toLowerCase() + " callers what it knows of their call",
                List.of("test"), List.of(), List.of(), List.of());
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    @Override
    public Tier tier() {
        return tier;
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) {
        ServerCallContext call = request.callContext();
        updater.complete(id + " ran for " + call.caller().kind() + " " + call.tier() + " in " + call.line().label()
                + " tenant " + call.tenant());
    }

    /** For callers with an API key, and the operator. */
    public static final class ForKeyHolders extends TieredSkill {
        public ForKeyHolders() {
            super("key-holders", Tier.AUTHENTICATED);
        }
    }

    /** For the operator only. */
    public static final class ForOperator extends TieredSkill {
        public ForOperator() {
            super("operator", Tier.OPERATOR);
        }
    }
}
