package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.Skill;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.ResultSet;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A start that fails after the task store began to open closes the store: otherwise the failed
 * deployment keeps its file, and the next deployment of the same data directory finds it in use.
 */
class SwitchboardStartTest {
    @TempDir
    Path temp;

    @Test
    void aStartThatFailsAfterTheStoreBeganToOpenClosesTheStore() throws Exception {
        Path data = temp.resolve("data");
        Settings settings = new SettingsLoader(Map.of("switchboard.data.dir", data.toString())::get,
                name -> null, Map.of()).load();
        Set<Thread> before = Set.copyOf(Thread.getAllStackTraces().keySet());
        try (URLClassLoader skills = withSkill(BlankExtensionSkill.class)) {
            IllegalStateException failure = assertThrows(IllegalStateException.class,
                    () -> Switchboard.start(settings, skills, SwitchboardApplicationTest::webResource, Clock.systemUTC()));
            assertTrue(failure.getMessage().contains("extension without a URI"), failure.getMessage());
        }
        // the opening thread opens the store, reconciles, and (with the fix) closes it as it completes
        for (Thread thread : Thread.getAllStackTraces().keySet()) {
            if (!before.contains(thread) && thread.getName().startsWith("switchboard-store-open")) {
                thread.join(60_000);
            }
        }
        assertTrue(Files.exists(data.resolve("switchboard.mv.db")), "the store was opened");
        // in this JVM a connection joins the database while it is open: the failed start's pool
        // would show as sessions of its own beside this one
        try (Connection connection = DriverManager.getConnection(SettingsLoader.embeddedUrl(data));
             ResultSet sessions = connection.createStatement()
                     .executeQuery("SELECT COUNT(*) FROM INFORMATION_SCHEMA.SESSIONS")) {
            sessions.next();
            assertEquals(1, sessions.getInt(1), "sessions of the failed start's store still open");
        }
    }

    /** The test class path, plus a service file that installs {@code skill}. */
    private URLClassLoader withSkill(Class<? extends Skill> skill) throws Exception {
        Path services = temp.resolve("skills/META-INF/services");
        Files.createDirectories(services);
        Files.writeString(services.resolve(Skill.class.getName()), skill.getName() + "\n");
        return new URLClassLoader(new URL[] {temp.resolve("skills").toUri().toURL()}, getClass().getClassLoader());
    }

    /** A skill whose card extension has no URI, which the card refuses as the start builds it. */
    public static final class BlankExtensionSkill implements Skill {
        @Override
        public AgentSkill descriptor() {
            return new AgentSkill("blank-extension", "Blank extension", "Declares an extension without a URI",
                    List.of("test"), List.of(), List.of(), List.of());
        }

        @Override
        public AgentExecutor executor() {
            return (request, updater) -> updater.complete();
        }

        @Override
        public List<AgentExtension> extensions() {
            return List.of(new AgentExtension(" ", "no URI", false, Map.of()));
        }
    }
}
