package dev.switchboard.config;

/**
 * A setting whose value cannot be used. The message names the setting in all its spellings and
 * says what is wrong, so one log line is enough to fix it; there is no stack trace to read.
 */
public final class InvalidSettingException extends RuntimeException {
    private final Setting setting;

    public InvalidSettingException(Setting setting, String value, String problem) {
        super("setting " + setting.key() + " (" + setting.environmentName() + ")"
                + (value == null || setting.isSecret() ? "" : " = '" + value + "'") + ": " + problem, null, false, false);
        this.setting = setting;
    }

    public Setting setting() {
        return setting;
    }
}
