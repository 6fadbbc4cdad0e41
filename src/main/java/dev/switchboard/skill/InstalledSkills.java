package dev.switchboard.skill;

import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.security.Tier;
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

    /** What the public card lists: the public skills only. */
    public List<AgentSkill> publicDescriptors() {
        return skills.stream().filter(skill -> skill.tier() == Tier.PUBLIC).map(Skill::descriptor).toList();
    }

    /** What a caller of a tier may use: the skills at or below it. */
    public List<AgentSkill> descriptorsFor(Tier tier) {
        return skills.stream().filter(skill -> tier.reaches(skill.tier())).map(Skill::descriptor)
                .toList();
    }

    /**
     * The extensions declared by the skills a caller of a tier may use, skill by skill, as
     * declared (two skills may name the same one; the card lists it once).
     */
    public List<AgentExtension> extensionsFor(Tier tier) {
        return skills.stream().filter(skill -> tier.reaches(skill.tier())).flatMap(skill -> skill.extensions().stream())
                .toList();
    }

    /** Starts every skill once. */
    public void start(SkillContext context) {
        for (Skill skill : skills) {
            skill.start(context);
        }
    }

    /** The installed skill of a type, if any. */
    public <T extends Skill> java.util.Optional<T> find(Class<T> type) {
        return skills.stream().filter(type::isInstance).map(type::cast).findFirst();
    }
}
