package dev.switchboard.config;

import java.math.BigDecimal;
import java.time.Duration;
import java.util.Objects;

/**
 * How long tasks are kept. Ages count from a task's last status change, so a task is never
 * deleted while it is still moving; {@link Duration#ZERO} keeps tasks forever.
 *
 * @param terminalAge    completed, failed, canceled and rejected tasks
 * @param interruptedAge input-required and auth-required tasks, which a client may still resume
 * @param maxTasks       most tasks kept (the oldest terminal ones go first beyond it); 0 for no maximum
 */
public record RetentionSettings(Duration terminalAge, Duration interruptedAge, long maxTasks) {
    /** A week for finished tasks, thirty days for those waiting on their client, no maximum. */
    public static final RetentionSettings DEFAULT = new RetentionSettings(Duration.ofDays(7), Duration.ofDays(30), 0);
    /** Ages above a hundred years are a typo, not a policy. */
    private static final BigDecimal MAX_MINUTES = BigDecimal.valueOf(100L * 366 * 24 * 60);
    private static final BigDecimal MILLIS_PER_MINUTE = BigDecimal.valueOf(60_000);

    public RetentionSettings {
        Objects.requireNonNull(terminalAge, "terminalAge");
        Objects.requireNonNull(interruptedAge, "interruptedAge");
        if (terminalAge.isNegative() || interruptedAge.isNegative() || maxTasks < 0) {
            throw new IllegalArgumentException("retention ages and the maximum must not be negative");
        }
    }

    static RetentionSettings load(SettingsLoader loader) {
        return new RetentionSettings(minutes(loader, Setting.RETENTION_MINUTES, DEFAULT.terminalAge()),
                minutes(loader, Setting.RETENTION_INTERRUPTED_MINUTES, DEFAULT.interruptedAge()),
                count(loader, Setting.RETENTION_MAX_TASKS));
    }

    /** Whole or decimal minutes (0.5 is thirty seconds), to the millisecond. */
    private static Duration minutes(SettingsLoader loader, Setting setting, Duration fallback) {
        String value = loader.raw(setting);
        if (value == null) {
            return fallback;
        }
        try {
            BigDecimal minutes = new BigDecimal(value);
            if (minutes.signum() >= 0 && minutes.compareTo(MAX_MINUTES) <= 0) {
                return Duration.ofMillis(minutes.multiply(MILLIS_PER_MINUTE).longValue());
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidSettingException(setting, value,
                "must be minutes from 0 (keep forever) to " + MAX_MINUTES + ", e.g. 10080 or 0.5");
    }

    private static long count(SettingsLoader loader, Setting setting) {
        String value = loader.raw(setting);
        if (value == null) {
            return 0;
        }
        try {
            long number = Long.parseLong(value);
            if (number >= 0) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidSettingException(setting, value, "must be a whole number of tasks, 0 for no maximum");
    }
}
