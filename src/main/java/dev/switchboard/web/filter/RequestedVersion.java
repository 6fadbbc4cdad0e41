package dev.switchboard.web.filter;

import dev.switchboard.protocol.ProtocolVersion;
import jakarta.servlet.ServletRequest;
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
    static final String ATTRIBUTE = RequestedVersion.class.getName();
    private static final RequestedVersion NONE = new RequestedVersion(null, null);

    public static RequestedVersion of(String value) {
        if (value == null || value.isBlank()) {
            return NONE;
        }
        return new RequestedVersion(value.trim(), ProtocolVersion.parse(value).orElse(null));
    }

    /** What {@link ProtocolVersionFilter} found for this request. */
    public static RequestedVersion of(ServletRequest request) {
        Object value = request.getAttribute(ATTRIBUTE);
        return value instanceof RequestedVersion requested ? requested : NONE;
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
}
