package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.InetAddress;
import java.net.UnknownHostException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The instance's id among those sharing a database, and how long its hold on a running task lasts. */
class InstanceSettingsTest {
    @TempDir
    Path temp;

    private final Map<String, String> context = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private Settings load() {
        context.put("switchboard.data.dir", temp.resolve("data").toString());
        return new SettingsLoader(context::get, key -> null, env).load();
    }

    @Test
    void theTaskLeaseLastsThirtySecondsUnlessSetWithinItsBounds() {
        assertEquals(Duration.ofSeconds(30), load().taskLease());
        env.put("SWITCHBOARD_TASK_LEASE_SECONDS", "10");
        assertEquals(Duration.ofSeconds(10), load().taskLease());
        context.put("switchboard.task.lease.seconds", "20");
        assertEquals(Duration.ofSeconds(10), load().taskLease(), "the environment wins");
        for (String refused : new String[] {"1", "0", "3601", "soon"}) {
            env.put("SWITCHBOARD_TASK_LEASE_SECONDS", refused);
            InvalidSettingException invalid = assertThrows(InvalidSettingException.class, this::load, refused);
            assertEquals(Setting.TASK_LEASE_SECONDS, invalid.setting());
        }
    }

    @Test
    void theEmbeddedDatabaseKeepsTheLocalId() {
        assertEquals("local", load().instanceId());
        context.put("switchboard.jdbc.url", "jdbc:h2:mem:x");
        context.put("switchboard.instance.id", "blue");
        assertEquals("blue", load().instanceId());
    }

    @Test
    void aConfiguredDatabaseDefaultsToTheHostName() {
        String host = SettingsLoader.hostInstanceId(() -> InetAddress.getLocalHost().getHostName());
        context.put("switchboard.jdbc.url", "jdbc:postgresql://db.example.com/switchboard");
        assertEquals(host, load().instanceId());
        context.remove("switchboard.jdbc.url");
        context.put("switchboard.datasource", "java:comp/env/jdbc/switchboard");
        assertEquals(host, load().instanceId());
        env.put("SWITCHBOARD_INSTANCE_ID", "green");
        assertEquals("green", load().instanceId(), "a set id wins");
    }

    @Test
    void theHostNameIsTheIdWhenItCanBeRead() {
        assertEquals("node-7.example.com", SettingsLoader.hostInstanceId(() -> " node-7.example.com "));
        assertEquals("h".repeat(128), SettingsLoader.hostInstanceId(() -> "h".repeat(300)), "as long as the column");
    }

    @Test
    void anUnreadableHostNameGivesAnIdNoOtherInstanceHas() {
        String one = SettingsLoader.hostInstanceId(() -> {
            throw new UnknownHostException("no name");
        });
        String other = SettingsLoader.hostInstanceId(() -> " ");
        assertTrue(one.startsWith("instance-") && other.startsWith("instance-"), one + " " + other);
        assertNotEquals("local", one);
        assertNotEquals(one, other);
    }

    @Test
    void anIdLongerThanItsColumnIsRefused() {
        env.put("SWITCHBOARD_INSTANCE_ID", "i".repeat(129));
        assertEquals(Setting.INSTANCE_ID, assertThrows(InvalidSettingException.class, this::load).setting());
        env.put("SWITCHBOARD_INSTANCE_ID", "i".repeat(128));
        assertEquals(128, load().instanceId().length());
    }
}
