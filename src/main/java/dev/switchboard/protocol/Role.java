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
        if (name == null || !name.startsWith(PREFIX)) {
            return Optional.empty();
        }
        try {
            return Optional.of(valueOf(name.substring(PREFIX.length())));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
