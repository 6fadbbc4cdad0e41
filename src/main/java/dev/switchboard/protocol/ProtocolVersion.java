package dev.switchboard.protocol;

import java.util.Optional;

/**
 * The A2A protocol lines this server speaks, identified by Major.Minor as in the
 * {@code A2A-Version} service parameter. Patch levels never matter; within major 1 any minor is
 * served by the 1.0 line, since A2A promises minor versions are backwards compatible.
 */
public enum ProtocolVersion {
    V1_0("1.0"),
    V0_3("0.3");

    /** The request parameter (header, or query parameter of the same name) that selects a version. */
    public static final String PARAMETER = "A2A-Version";

    private final String label;

    ProtocolVersion(String label) {
        this.label = label;
    }

    /** Major.Minor, as written in {@code A2A-Version} and {@code supportedInterfaces[].protocolVersion}. */
    public String label() {
        return label;
    }

    /**
     * Parses an {@code A2A-Version} value such as {@code 1.0}, {@code 1.0.1}, {@code 1} or {@code 0.3.0}.
     *
     * @return the line that serves it, or empty when no supported line does
     */
    public static Optional<ProtocolVersion> parse(String value) {
        if (value == null) {
            return Optional.empty();
        }
        String[] parts = value.trim().split("\\.", -1);
        if (parts.length > 3) {
            return Optional.empty();
        }
        int major;
        int minor;
        try {
            major = Integer.parseInt(parts[0]);
            minor = parts.length > 1 ? Integer.parseInt(parts[1]) : 0;
            if (parts.length > 2) {
                Integer.parseInt(parts[2]);
            }
        } catch (NumberFormatException e) {
            return Optional.empty();
        }
        if (major == 1 && minor >= 0) {
            return Optional.of(V1_0);
        }
        if (major == 0 && minor == 3) {
            return Optional.of(V0_3);
        }
        return Optional.empty();
    }

    @Override
    public String toString() {
        return label;
    }
}
