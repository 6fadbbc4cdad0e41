package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RetentionSettingsTest {
    @TempDir
    Path temp;

    private final Map<String, String> system = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private RetentionSettings load() {
        system.put("switchboard.data.dir", temp.toString());
        return new SettingsLoader(name -> null, system::get, env).load().retention();
    }

    @Test
    void byDefaultAWeekForFinishedTasksThirtyDaysForWaitingOnesAndNoMaximum() {
        RetentionSettings retention = load();
        assertEquals(Duration.ofMinutes(10080), retention.terminalAge());
        assertEquals(Duration.ofDays(30), retention.interruptedAge());
        assertEquals(0, retention.maxTasks());
    }

    @Test
    void minutesMayBeDecimalAndZeroKeepsForever() {
        system.put("switchboard.retention.minutes", "2");
        system.put("switchboard.retention.interrupted.minutes", "0");
        env.put("SWITCHBOARD_RETENTION_MAX_TASKS", "500000");
        RetentionSettings retention = load();
        assertEquals(Duration.ofMinutes(2), retention.terminalAge());
        assertEquals(Duration.ZERO, retention.interruptedAge());
        assertEquals(500_000, retention.maxTasks());
        system.put("switchboard.retention.minutes", "0.05");
        assertEquals(Duration.ofSeconds(3), load().terminalAge());
    }

    @Test
    void negativeOrMalformedValuesStopTheStartUpNamingTheSetting() {
        for (Setting setting : new Setting[] {Setting.RETENTION_MINUTES, Setting.RETENTION_INTERRUPTED_MINUTES,
                Setting.RETENTION_MAX_TASKS}) {
            for (String bad : new String[] {"-1", "a week", "1e400"}) {
                system.clear();
                system.put(setting.key(), bad);
                InvalidSettingException e = assertThrows(InvalidSettingException.class, this::load, bad);
                assertEquals(setting, e.setting());
                assertTrue(e.getMessage().contains(setting.environmentName()), e.getMessage());
            }
        }
    }
}
