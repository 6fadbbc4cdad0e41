package dev.switchboard.config;

import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Push notifications: whether they are offered, which webhook targets deliveries may reach, and
 * how much of the server they may take.
 *
 * @param enabled             whether the config operations work and the card declares the capability
 * @param guard               whether webhook targets are checked against loopback, private, link-local
 *                            and other internal addresses; off only for operators who know why
 * @param allowHttp           whether plain {@code http} webhooks are accepted (https only otherwise)
 * @param allowedHosts        host names (lower case) exempt from the address check
 * @param allowedRanges       address blocks exempt from the address check
 * @param maxConfigsPerTask   configs one task may have; 0 for no limit
 * @param maxConfigsPerCaller configs one owner may have on its unfinished tasks, cut-off ones not
 *                            counted; 0 for no limit
 * @param threads             threads that send notifications
 * @param timeout             how long one webhook POST may take, connecting included
 */
public record PushSettings(boolean enabled, boolean guard, boolean allowHttp, Set<String> allowedHosts,
                           List<Cidr> allowedRanges, int maxConfigsPerTask, int maxConfigsPerCaller, int threads,
                           Duration timeout) {
    public static final int DEFAULT_MAX_CONFIGS_PER_TASK = 10;
    public static final int DEFAULT_MAX_CONFIGS_PER_CALLER = 100;
    public static final int DEFAULT_THREADS = 4;
    public static final Duration DEFAULT_TIMEOUT = Duration.ofSeconds(10);
    /** On, guarded, https only, nothing internal allowed, the default limits. */
    public static final PushSettings DEFAULT = new PushSettings(true, true, false, Set.of(), List.of());

    public PushSettings {
        allowedHosts = allowedHosts == null ? Set.of() : Set.copyOf(allowedHosts);
        allowedRanges = allowedRanges == null ? List.of() : List.copyOf(allowedRanges);
        timeout = timeout == null ? DEFAULT_TIMEOUT : timeout;
        if (maxConfigsPerTask < 0 || maxConfigsPerCaller < 0 || threads < 1 || timeout.isNegative()
                || timeout.isZero()) {
            throw new IllegalArgumentException("push limits must not be negative, threads and timeout positive");
        }
    }

    /** The given targets with the default limits. */
    public PushSettings(boolean enabled, boolean guard, boolean allowHttp, Set<String> allowedHosts,
                        List<Cidr> allowedRanges) {
        this(enabled, guard, allowHttp, allowedHosts, allowedRanges, DEFAULT_MAX_CONFIGS_PER_TASK,
                DEFAULT_MAX_CONFIGS_PER_CALLER, DEFAULT_THREADS, DEFAULT_TIMEOUT);
    }

    /** Reads the push settings; push defaults to on only when the guard is on. */
    static PushSettings load(SettingsLoader loader) {
        boolean guard = loader.bool(Setting.PUSH_GUARD, true);
        boolean enabled = loader.bool(Setting.PUSH_ENABLED, guard);
        boolean allowHttp = loader.bool(Setting.PUSH_ALLOW_HTTP, false);
        Set<String> hosts = new java.util.HashSet<>();
        List<Cidr> ranges = new java.util.ArrayList<>();
        for (String entry : loader.list(Setting.PUSH_ALLOWLIST)) {
            if (entry.contains("/") || Cidr.isLiteral(entry)) {
                try {
                    ranges.add(Cidr.parse(entry));
                } catch (IllegalArgumentException e) {
                    throw new InvalidSettingException(Setting.PUSH_ALLOWLIST, entry, "is not an address or CIDR block");
                }
            } else if (entry.matches("[A-Za-z0-9]([A-Za-z0-9.-]{0,252})")) {
                hosts.add(entry.toLowerCase(Locale.ROOT));
            } else {
                throw new InvalidSettingException(Setting.PUSH_ALLOWLIST, entry, "is not a host name, address or CIDR block");
            }
        }
        return new PushSettings(enabled, guard, allowHttp, hosts, ranges,
                loader.integer(Setting.PUSH_MAX_CONFIGS_PER_TASK, DEFAULT_MAX_CONFIGS_PER_TASK, 0, 100_000),
                loader.integer(Setting.PUSH_MAX_CONFIGS_PER_CALLER, DEFAULT_MAX_CONFIGS_PER_CALLER, 0, 10_000_000),
                loader.integer(Setting.PUSH_THREADS, DEFAULT_THREADS, 1, 256),
                Duration.ofSeconds(loader.integer(Setting.PUSH_TIMEOUT_SECONDS,
                        (int) DEFAULT_TIMEOUT.toSeconds(), 1, 300)));
    }
}
