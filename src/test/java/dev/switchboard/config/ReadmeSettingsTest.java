package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;

/** The configuration table in README.md names every setting, in both spellings. */
class ReadmeSettingsTest {
    @Test
    void everySettingIsDocumented() throws IOException {
        String readme = Files.readString(Path.of("README.md"));
        for (Setting setting : Setting.values()) {
            assertTrue(readme.contains("| `" + setting.environmentName() + "` | `" + setting.key() + "` |"),
                    setting + " is missing from the README's configuration table");
        }
    }
}
