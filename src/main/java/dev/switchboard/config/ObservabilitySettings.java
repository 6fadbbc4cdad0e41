package dev.switchboard.config;

/**
 * Metrics and the operation log.
 *
 * @param metricsEnabled whether metrics are kept and {@code /metrics} is served
 * @param metricsPublic  whether {@code /metrics} answers callers without the operator token
 * @param logOperations  whether each A2A operation is logged as one line
 * @param jsonLog        whether that line is a JSON object rather than key=value text
 */
public record ObservabilitySettings(boolean metricsEnabled, boolean metricsPublic, boolean logOperations,
                                    boolean jsonLog) {
    /** Metrics kept and closed to all but the operator; no operation log. */
    public static final ObservabilitySettings DEFAULT = new ObservabilitySettings(true, false, false, false);

    static ObservabilitySettings load(SettingsLoader loader) {
        String format = loader.raw(Setting.LOG_FORMAT);
        if (format != null && !format.equalsIgnoreCase("text") && !format.equalsIgnoreCase("json")) {
            throw new InvalidSettingException(Setting.LOG_FORMAT, format, "must be text or json");
        }
        return new ObservabilitySettings(loader.bool(Setting.METRICS_ENABLED, true),
                loader.bool(Setting.METRICS_PUBLIC, false), loader.bool(Setting.LOG_OPERATIONS, false),
                "json".equalsIgnoreCase(format));
    }

    /** The log format's name, as the setting spells it. */
    public String logFormat() {
        return jsonLog ? "json" : "text";
    }
}
