package dev.switchboard.skill;

import dev.switchboard.config.Settings;
import java.io.InputStream;
import java.util.Optional;

/** What a skill may use while it starts: the settings and the web application's own resources. */
public interface SkillContext {
    Settings settings();

    /**
     * A resource of the web application, such as {@code /catalogue.json}.
     *
     * @return the open stream, or empty when there is no such resource
     */
    Optional<InputStream> webResource(String path);
}
