package dev.switchboard.config;

import java.util.List;
import java.util.Locale;
import java.util.Set;

/**
 * Push notifications: whether they are offered, and which webhook targets deliveries may reach.
 *
 * @param enabled        whether the config operations work and the card declares the capability
 * @param guard          whether webhook targets are checked against loopback, private, link-local
 *                       and other internal addresses; off only for operators who know why
 * @param allowHttp      whether plain {@code http} webhooks are accepted (https only otherwise)
 * @param allowedHosts   host names (lower case) exempt from the address check
 * @param allowedRanges  address blocks exempt from the address check
 */
public record PushSettings(boolean enabled, boolean guard, boolean allowHttp, Set<String> allowedHosts,
                           List<Cidr> allowedRanges) {
    /** On, guarded, https only, nothing internal allowed. */
    public static final PushSettings DEFAULT = new PushSettings(true, true, false, Set.of(), List.of());

    public PushSettings {
        allowedHosts = allowedHosts == null ? Set.of() : Set.copyOf(allowedHosts);
        allowedRanges = allowedRanges == null ? List.of() : List.copyOf(allowedRanges);
    }

    /** Reads the four push settings; push defaults to on only when the guard is on. */
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
        return new PushSettings(enabled, guard, allowHttp, hosts, ranges);
    }
}
