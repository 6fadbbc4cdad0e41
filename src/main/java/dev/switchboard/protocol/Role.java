package dev.switchboard.protocol;

import java.util.Optional;

/** Who sent a message. */
public enum Role {
    UNSPECIFIED,
    USER,
    AGENT;

    private static final String PREFIX = "ROLE_";

    public String wireName() {
        return PREFIX + name();
    }

    public static Optional<Role> fromWireName(String name) {
        return WireNames.parse(Role.class, PREFIX, name);
    }
}
