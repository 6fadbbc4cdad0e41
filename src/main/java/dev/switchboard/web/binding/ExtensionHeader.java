package dev.switchboard.web.binding;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.FieldViolation;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

/**
 * The {@code A2A-Extensions} service parameter: the extension URIs a client asks to activate, as
 * a comma-separated list. A2A 0.3 called the header {@code X-A2A-Extensions}, and a client may
 * split the list over several header lines; every line of both is one list. gRPC metadata are
 * HTTP/2 headers, so {@code a2a-extensions} is the same header.
 */
public final class ExtensionHeader {
    /** The header of A2A 1.0, and its gRPC metadata key in any case. */
    public static final String NAME = "A2A-Extensions";
    /** The header of A2A 0.3. */
    public static final String LEGACY = "X-A2A-Extensions";
    /**
     * At most this many URIs per request: an agent supports a handful of extensions, and the bound
     * keeps activation linear in what a client may send.
     */
    public static final int MAX_URIS = 64;
    /** At most this many characters per URI, as for the extension URIs of a message. */
    public static final int MAX_URI_CHARS = 2048;

    private ExtensionHeader() {
    }

    /**
     * The URIs the header lines name, in order, each once; blanks around and between the commas
     * are not part of a URI, and empty items are skipped.
     *
     * @throws A2AException invalid params naming the header, for more than {@link #MAX_URIS}
     *                      items or an item longer than {@link #MAX_URI_CHARS}: a service
     *                      parameter is a parameter of the request, refused as a body field over
     *                      its limit is
     */
    public static List<String> parse(List<String> lines) {
        LinkedHashSet<String> uris = new LinkedHashSet<>();
        int items = 0;
        for (String line : lines) {
            for (String item : line.split(",")) {
                String uri = item.strip();
                if (uri.isEmpty()) {
                    continue;
                }
                if (++items > MAX_URIS) {
                    throw refused(NAME + " names more than " + MAX_URIS + " extensions", "maxUris", MAX_URIS);
                }
                if (uri.length() > MAX_URI_CHARS) {
                    throw refused(NAME + " names an extension URI longer than " + MAX_URI_CHARS + " characters",
                            "maxUriChars", MAX_URI_CHARS);
                }
                uris.add(uri);
            }
        }
        return List.copyOf(uris);
    }

    /** The header value that echoes activated extensions: the URIs, comma-separated. */
    public static String format(List<String> uris) {
        return String.join(",", uris);
    }

    private static A2AException refused(String description, String limitName, int limit) {
        return new A2AException(A2AError.INVALID_PARAMS, description, Map.of(limitName, String.valueOf(limit)),
                List.of(new FieldViolation(NAME, description)));
    }
}
