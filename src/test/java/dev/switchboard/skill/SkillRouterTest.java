package dev.switchboard.skill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.security.Tier;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.EnumSource;

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

    /** Installed as the ids say: one skill per tier, plus a public claimer and a public fallback. */
    private static final SkillRouter BY_TIER = new SkillRouter(InstalledSkills.of(List.of(
            skill("review", true, false, Tier.PUBLIC), skill("catalogue", false, true, Tier.PUBLIC),
            skill("members", false, false, Tier.AUTHENTICATED), skill("admin", false, false, Tier.OPERATOR))));

    private static String routed(Message message, JsonObject requestMetadata) {
        return ROUTER.route(message, requestMetadata, Tier.PUBLIC).descriptor().id();
    }

    private static Message naming(String skill) {
        return message(Part.text("x"), Json.createObjectBuilder().add("skill", skill).build());
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
        assertNull(new SkillRouter(InstalledSkills.of(List.of())).route(message(Part.text("x"), null), null,
                Tier.OPERATOR));
    }

    @ParameterizedTest(name = "a {0} caller naming the {1} skill: admitted {2}")
    @CsvSource({
            "PUBLIC, catalogue, true", "PUBLIC, members, false", "PUBLIC, admin, false",
            "AUTHENTICATED, catalogue, true", "AUTHENTICATED, members, true", "AUTHENTICATED, admin, false",
            "OPERATOR, catalogue, true", "OPERATOR, members, true", "OPERATOR, admin, true"})
    void aSkillIsAdmittedWhenTheCallersTierReachesIt(Tier caller, String skill, boolean admitted) {
        if (admitted) {
            BY_TIER.admit(naming(skill), null, Calls.at(caller));
            assertEquals(skill, BY_TIER.route(naming(skill), null, caller).descriptor().id());
            return;
        }
        A2AException e = assertThrows(A2AException.class,
                () -> BY_TIER.admit(naming(skill), null, Calls.at(caller)));
        assertEquals(A2AError.UNSUPPORTED_OPERATION, e.error(), "refused before any task, as before");
        assertTrue(e.getMessage().contains("is for"), e.getMessage());
        assertEquals(skill, e.metadata().get("skill"));
    }

    @ParameterizedTest
    @EnumSource(Tier.class)
    void whatACallerCanRunIsWhatItsCardLists(Tier caller) {
        InstalledSkills installed = InstalledSkills.of(List.of(skill("catalogue", false, true, Tier.PUBLIC),
                skill("members", false, false, Tier.AUTHENTICATED), skill("admin", false, false, Tier.OPERATOR)));
        SkillRouter router = new SkillRouter(installed);
        List<String> runnable = installed.all().stream().map(skill -> skill.descriptor().id()).filter(id -> {
            try {
                router.admit(naming(id), null, Calls.at(caller));
                return true;
            } catch (A2AException refused) {
                return false;
            }
        }).toList();
        assertEquals(installed.descriptorsFor(caller).stream().map(AgentSkill::id).toList(), runnable);
    }

    @ParameterizedTest
    @CsvSource({"PUBLIC, 'catalogue, review'", "AUTHENTICATED, 'catalogue, members, review'",
            "OPERATOR, 'admin, catalogue, members, review'"})
    void anUnknownSkillsErrorListsOnlyTheSkillsTheCallerReaches(Tier caller, String offered) {
        A2AException e = assertThrows(A2AException.class, () -> BY_TIER.admit(naming("nope"), null,
                Calls.at(caller)));
        assertEquals(A2AError.INVALID_PARAMS, e.error());
        assertTrue(e.getMessage().endsWith("this agent offers " + offered), e.getMessage());
    }

    @Test
    void aMessageNamingNoSkillGoesOnlyToSkillsTheCallerReaches() {
        SkillRouter router = new SkillRouter(InstalledSkills.of(List.of(skill("audit", true, false, Tier.OPERATOR),
                skill("review", true, false, Tier.PUBLIC), skill("members", false, false, Tier.AUTHENTICATED),
                skill("zeta", false, false, Tier.PUBLIC))));
        Message card = message(Part.data(Json.createObjectBuilder().build()), null);
        assertEquals("audit", router.route(card, null, Tier.OPERATOR).descriptor().id());
        assertEquals("review", router.route(card, null, Tier.PUBLIC).descriptor().id(), "the claim it may use");
        Message text = message(Part.text("hello"), null);
        assertEquals("audit", router.route(text, null, Tier.OPERATOR).descriptor().id());
        assertEquals("members", router.route(text, null, Tier.AUTHENTICATED).descriptor().id());
        assertEquals("review", router.route(text, null, Tier.PUBLIC).descriptor().id(), "the first on its card");
        router.admit(text, null, Calls.at(Tier.PUBLIC));
    }

    @Test
    void aCallerThatReachesNoSkillIsRefusedBeforeAnyTask() {
        SkillRouter router = new SkillRouter(InstalledSkills.of(List.of(skill("admin", false, false, Tier.OPERATOR))));
        A2AException e = assertThrows(A2AException.class, () -> router.admit(message(Part.text("hi"), null), null,
                Calls.at(Tier.AUTHENTICATED)));
        assertEquals(A2AError.UNSUPPORTED_OPERATION, e.error());
        assertEquals("admin", e.metadata().get("skill"));
    }

    @Test
    void theSkillRunsForTheCallerOfTheRequest() throws Exception {
        List<String> completed = new ArrayList<>();
        TaskUpdater updater = new TaskUpdater() {
            @Override
            public String taskId() {
                return "t";
            }

            @Override
            public String contextId() {
                return "c";
            }

            @Override
            public boolean isCanceled() {
                return false;
            }

            @Override
            public boolean status(TaskState state, Message message) {
                completed.add(message.parts().get(0).text());
                return true;
            }

            @Override
            public boolean artifactChunk(Artifact chunk, boolean append, boolean lastChunk) {
                return true;
            }

            @Override
            public boolean complete(List<Artifact> artifacts, String text) {
                return true;
            }

            @Override
            public boolean reply(Message message) {
                return true;
            }
        };
        Message text = message(Part.text("hello"), null);
        BY_TIER.execute(new AgentRequest(text, "t", "c", null, List.of(), null, List::of, Calls.at(Tier.OPERATOR)),
                updater);
        BY_TIER.execute(new AgentRequest(naming("members"), "t", "c", null, List.of(), null, List::of,
                Calls.at(Tier.AUTHENTICATED)), updater);
        assertEquals(List.of("catalogue", "members"), completed);
        assertThrows(A2AException.class, () -> BY_TIER.execute(new AgentRequest(naming("members"), "t", "c", null,
                List.of(), null, List::of, Calls.at(Tier.PUBLIC)), updater), "the request's caller, not anyone's");
    }
}
