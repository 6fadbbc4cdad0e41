package dev.switchboard.card;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.skill.Skill;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Which extensions each tier's card lists, and what a request's list activates or misses. */
class CardExtensionsTest {
    static final AgentExtension SERVER = new AgentExtension("urn:server:v1", "the server's own", false, Map.of());
    static final AgentExtension OPTIONAL = new AgentExtension("urn:optional:v1", "may be used", false,
            Map.of("hint", "any"));
    static final AgentExtension REQUIRED = new AgentExtension("urn:required:v1", "must be used", true, Map.of());
    static final AgentExtension PRIVATE = new AgentExtension("urn:private:v1", "for key holders", true, Map.of());

    static Skill skill(String id, Tier tier, AgentExtension... extensions) {
        return new Skill() {
            @Override
            public AgentSkill descriptor() {
                return new AgentSkill(id, id, id, List.of("test"), List.of(), List.of(), List.of());
            }

            @Override
            public AgentExecutor executor() {
                return (request, updater) -> updater.complete();
            }

            @Override
            public Tier tier() {
                return tier;
            }

            @Override
            public List<AgentExtension> extensions() {
                return List.of(extensions);
            }
        };
    }

    private final CardExtensions card = CardExtensions.of(List.of(SERVER), InstalledSkills.of(List.of(
            skill("a", Tier.PUBLIC, OPTIONAL, REQUIRED), skill("b", Tier.PUBLIC, OPTIONAL),
            skill("c", Tier.AUTHENTICATED, PRIVATE))));

    @Test
    void eachCardListsTheServersOwnFirstThenThoseOfTheSkillsItsReaderReachesEachOnce() {
        assertEquals(List.of(SERVER, OPTIONAL, REQUIRED), card.forTier(Tier.PUBLIC));
        assertEquals(List.of(SERVER, OPTIONAL, REQUIRED, PRIVATE), card.forTier(Tier.AUTHENTICATED));
        assertEquals(List.of(SERVER, OPTIONAL, REQUIRED, PRIVATE), card.forTier(Tier.OPERATOR));
    }

    @Test
    void aRequestActivatesWhatItNamesAndTheCardListsInItsOrderIgnoringTheRest() {
        assertEquals(List.of("urn:required:v1", "urn:optional:v1"), card.activated(
                List.of("urn:unknown", "urn:required:v1", "urn:optional:v1"), Tier.PUBLIC));
        assertEquals(List.of(), card.activated(List.of("urn:private:v1"), Tier.PUBLIC),
                "an extension of a skill the caller cannot reach is not on its card");
        assertEquals(List.of("urn:private:v1"), card.activated(List.of("urn:private:v1"), Tier.AUTHENTICATED));
        assertEquals(List.of(), card.activated(List.of("URN:OPTIONAL:V1"), Tier.PUBLIC), "URIs compare exactly");
    }

    @Test
    void theRequiredOnesOfTheCallersCardMustBeNamed() {
        assertEquals(List.of("urn:required:v1"), card.missingRequired(List.of("urn:optional:v1"), Tier.PUBLIC));
        assertEquals(List.of(), card.missingRequired(List.of("urn:required:v1"), Tier.PUBLIC));
        assertEquals(List.of("urn:required:v1", "urn:private:v1"), card.missingRequired(List.of(), Tier.OPERATOR));
    }

    @Test
    void twoDifferentDeclarationsOfOneUriFailTheStart() {
        AgentExtension relaxed = new AgentExtension(REQUIRED.uri(), REQUIRED.description(), false, Map.of());
        IllegalStateException e = assertThrows(IllegalStateException.class, () -> CardExtensions.of(List.of(),
                InstalledSkills.of(List.of(skill("a", Tier.PUBLIC, REQUIRED), skill("b", Tier.OPERATOR, relaxed)))));
        assertTrue(e.getMessage().contains("urn:required:v1"), e.getMessage());
        assertThrows(IllegalStateException.class, () -> CardExtensions.of(List.of(), InstalledSkills.of(List.of(
                skill("a", Tier.PUBLIC, new AgentExtension(" ", null, false, Map.of()))))));
    }

    @Test
    void theExtendedCardListsTheExtensionsOfTheSkillsItLists() {
        InstalledSkills skills = InstalledSkills.of(List.of(skill("a", Tier.PUBLIC, OPTIONAL),
                skill("c", Tier.AUTHENTICATED, PRIVATE)));
        CardExtensions extensions = CardExtensions.of(List.of(), skills);
        dev.switchboard.protocol.AgentCard published = new dev.switchboard.protocol.AgentCard("n", "d", "1", List.of(),
                null, null, null, new dev.switchboard.protocol.AgentCapabilities(true, false, true,
                extensions.forTier(Tier.PUBLIC)), List.of("text/plain"), List.of("text/plain"),
                skills.publicDescriptors(), List.of(), List.of());
        ExtendedCard extended = new ExtendedCard(published, skills, extensions, true);
        dev.switchboard.security.Caller keyHolder = new dev.switchboard.security.Caller(
                dev.switchboard.security.Caller.Kind.API_KEY, "key:k", Tier.AUTHENTICATED, "k");
        assertEquals(List.of(OPTIONAL, PRIVATE), extended.forCaller(keyHolder).capabilities().extensions());
        assertEquals(List.of(OPTIONAL), published.capabilities().extensions());
    }
}
