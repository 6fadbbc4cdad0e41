package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.config.BuildInfo;
import dev.switchboard.config.Settings;
import dev.switchboard.skill.InstalledSkills;
import jakarta.servlet.ServletContext;
import java.time.Clock;
import java.time.Instant;
import java.util.Objects;

/**
 * The running server as the web layer sees it: settings, installed skills and the published card,
 * assembled once by {@link SwitchboardBootstrap} and shared by every filter, servlet and resource.
 */
public final class Switchboard {
    static final String ATTRIBUTE = Switchboard.class.getName();

    private final Settings settings;
    private final BuildInfo build;
    private final InstalledSkills skills;
    private final AgentCardDocuments card;
    private final Clock clock;
    private final Instant startedAt;

    public Switchboard(Settings settings, BuildInfo build, InstalledSkills skills, AgentCardDocuments card,
                       Clock clock) {
        this.settings = Objects.requireNonNull(settings);
        this.build = Objects.requireNonNull(build);
        this.skills = Objects.requireNonNull(skills);
        this.card = Objects.requireNonNull(card);
        this.clock = Objects.requireNonNull(clock);
        this.startedAt = clock.instant();
    }

    /** The instance the bootstrap listener registered; absent only if start-up failed. */
    public static Switchboard from(ServletContext context) {
        Object value = context.getAttribute(ATTRIBUTE);
        if (value == null) {
            throw new IllegalStateException("Switchboard did not start; see the first error in the server log");
        }
        return (Switchboard) value;
    }

    public Settings settings() {
        return settings;
    }

    public BuildInfo build() {
        return build;
    }

    public InstalledSkills skills() {
        return skills;
    }

    public AgentCardDocuments card() {
        return card;
    }

    public Clock clock() {
        return clock;
    }

    public Instant startedAt() {
        return startedAt;
    }
}
