package dev.switchboard.skill;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.AgentSkill;
import java.util.List;
import org.junit.jupiter.api.Test;

class InstalledSkillsTest {
    private static Skill skill(String id) {
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
        };
    }

    @Test
    void skillsAreOrderedById() {
        assertEquals(List.of("a", "b"), InstalledSkills.of(List.of(skill("b"), skill("a"))).publicDescriptors().stream()
                .map(AgentSkill::id).toList());
    }

    @Test
    void duplicateIdsAreRefused() {
        assertThrows(IllegalStateException.class, () -> InstalledSkills.of(List.of(skill("a"), skill("a"))));
    }

    @Test
    void discoveryFindsServiceEntries() {
        assertEquals(List.of("a2a-catalogue", "card-review"), InstalledSkills.discover(getClass().getClassLoader())
                .publicDescriptors().stream().map(AgentSkill::id).toList(), "the bundled skills' service entries");
    }
}
