package dev.switchboard.skill;

import dev.switchboard.protocol.AgentSkill;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.List;
import java.util.ServiceLoader;
import java.util.Set;

/** The skills found on the web application's class path, in a stable order (by id). */
public final class InstalledSkills {
    private final List<Skill> skills;

    private InstalledSkills(List<Skill> skills) {
        this.skills = List.copyOf(skills);
    }

    /**
     * @throws IllegalStateException when two skills claim the same id
     */
    public static InstalledSkills discover(ClassLoader loader) {
        List<Skill> found = new ArrayList<>();
        ServiceLoader.load(Skill.class, loader).forEach(found::add);
        return of(found);
    }

    public static InstalledSkills of(List<Skill> skills) {
        Set<String> ids = new HashSet<>();
        for (Skill skill : skills) {
            if (!ids.add(skill.descriptor().id())) {
                throw new IllegalStateException("two installed skills share the id '" + skill.descriptor().id() + "'");
            }
        }
        List<Skill> sorted = new ArrayList<>(skills);
        sorted.sort(Comparator.comparing(skill -> skill.descriptor().id()));
        return new InstalledSkills(sorted);
    }

    public List<Skill> all() {
        return skills;
    }

    public List<AgentSkill> descriptors() {
        return skills.stream().map(Skill::descriptor).toList();
    }
}
