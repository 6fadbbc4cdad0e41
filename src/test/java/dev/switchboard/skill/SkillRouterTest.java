package dev.switchboard.skill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.security.Tier;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.List;
import org.junit.jupiter.api.Test;

class SkillRouterTest {
    private static Skill skill(String id, boolean claimsJson, boolean fallback, Tier tier) {
        AgentSkill descriptor = new AgentSkill(id, id, "does " + id, List.of(), List.of(), List.of(), List.of());
        return new Skill() {
            @Override
            public AgentSkill descriptor() {
                return descriptor;
            }

            @Override
            public AgentExecutor executor() {
                return (request, updater) -> updater.complete(id);
            }

            @Override
            public Tier tier() {
                return tier;
            }

            @Override
            public boolean claims(Message message) {
                return claimsJson && message.parts().get(0).kind() == Part.Kind.DATA;
            }

            @Override
            public boolean isFallback() {
                return fallback;
            }
        };
    }

    private static final SkillRouter ROUTER = new SkillRouter(InstalledSkills.of(List.of(
            skill("review", true, false, Tier.PUBLIC), skill("catalogue", false, true, Tier.PUBLIC),
            skill("admin", false, false, Tier.OPERATOR))));

    private static Message message(Part part, JsonObject metadata) {
        return new Message("m", null, null, Role.USER, List.of(part), metadata, List.of(), List.of());
    }

    private static String routed(Message message, JsonObject requestMetadata) {
        return ROUTER.route(message, requestMetadata).descriptor().id();
    }

    @Test
    void anExplicitSkillWins() {
        JsonObject named = Json.createObjectBuilder().add("skill", "catalogue").build();
        assertEquals("catalogue", routed(message(Part.data(Json.createObjectBuilder().build()), named), null));
        assertEquals("catalogue", routed(message(Part.data(Json.createObjectBuilder().build()), null), named),
                "the request's metadata counts too");
    }

    @Test
    void aClaimedShapeComesNextThenTheFallback() {
        assertEquals("review", routed(message(Part.data(Json.createObjectBuilder().build()), null), null));
        assertEquals("catalogue", routed(message(Part.text("hello"), null), null));
    }

    @Test
    void anUnknownSkillIsInvalidParamsNotAFallback() {
        A2AException e = assertThrows(A2AException.class, () -> routed(message(Part.text("x"),
                Json.createObjectBuilder().add("skill", "nope").build()), null));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertEquals("metadata.skill", e.violations().get(0).field());
    }

    @Test
    void skillsAboveThePublicTierAreRefusedBeforeAnyTask() {
        A2AException e = assertThrows(A2AException.class, () -> ROUTER.admit(message(Part.text("x"),
                Json.createObjectBuilder().add("skill", "admin").build()), null, Calls.at(Tier.PUBLIC)));
        assertEquals(A2AError.UNSUPPORTED_OPERATION, e.error());
        ROUTER.admit(message(Part.text("x"), null), null, Calls.at(Tier.PUBLIC));
    }

    @Test
    void thePublicCardListsPublicSkillsOnly() {
        assertEquals(List.of("catalogue", "review"), InstalledSkills.of(List.of(skill("review", true, false, Tier.PUBLIC),
                skill("catalogue", false, true, Tier.PUBLIC), skill("admin", false, false, Tier.OPERATOR)))
                .publicDescriptors().stream().map(AgentSkill::id).toList());
    }

    @Test
    void noSkillsMeansNoRoute() {
        assertNull(new SkillRouter(InstalledSkills.of(List.of())).route(message(Part.text("x"), null), null));
    }
}
