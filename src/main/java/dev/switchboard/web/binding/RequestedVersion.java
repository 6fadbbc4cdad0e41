package dev.switchboard.web.binding;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import java.util.Map;
import java.util.Optional;

/**
 * The protocol version a request names through the {@code A2A-Version} header or the query
 * parameter of the same name (the header wins). Bindings decide what a request that names none
 * means, and how to refuse one that names a version no line of this server speaks.
 *
 * @param named   the value as sent, or null when the request names none
 * @param version the line serving the named value, or null when none was named or none serves it
 */
public record RequestedVersion(String named, ProtocolVersion version) {
    private static final RequestedVersion NONE = new RequestedVersion(null, null);

    public static RequestedVersion of(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        return new RequestedVersion(value.trim(), ProtocolVersion.parse(value).orElse(null));
    }

    public boolean isNamed() {
        return named != null;
    }

    /** A version was named and this server speaks no line that serves it. */
    public boolean isUnsupported() {
        return named != null && version == null;
    }

    public Optional<ProtocolVersion> supported() {
        return Optional.ofNullable(version);
    }

    /**
     * The line a request is served in. The version it names wins; a request that names none is
     * read by its shape (the JSON-RPC method family, the REST path with or without {@code /v1/});
     * where nothing tells, it is 0.3, as A2A requires of requests without {@code A2A-Version}.
     *
     * @param shape     the line the request's shape belongs to, or null when its shape tells none
     * @param v03Served whether this server speaks 0.3 at all
     * @throws A2AException VersionNotSupported (-32009, HTTP 400) for a version no served line speaks
     */
    public ProtocolVersion resolve(ProtocolVersion shape, boolean v03Served) {
        ProtocolVersion line = isNamed() ? version : shape != null ? shape : ProtocolVersion.V0_3;
        if (line == null || (line == ProtocolVersion.V0_3 && !v03Served)) {
            String asked = isNamed() ? named : "0.3";
            String supported = v03Served ? "1.0, 0.3" : "1.0";
            throw new A2AException(A2AError.VERSION_NOT_SUPPORTED, "A2A-Version " + asked
                    + " is not supported; this agent speaks " + supported,
                    Map.of("requestedVersion", asked, "supportedVersions", supported));
        }
        return line;
    }
}
