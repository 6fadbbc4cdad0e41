package dev.switchboard.web.grpc;

import com.google.common.io.BaseEncoding;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Collections;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * The checks of a call's metadata that grpc-servlet makes only by failing: it reads
 * {@code grpc-timeout} and decodes every {@code -bin} header before the call exists, and a value
 * it cannot read ends the request in the container as an HTTP 500. Checked first, such a value is
 * the client's mistake answered in gRPC's form.
 */
final class CallHeaders {
    /** gRPC over HTTP/2: at most 8 digits, then Hour, Minute, Second, milli, micro or nanosecond. */
    private static final Pattern TIMEOUT = Pattern.compile("[0-9]{1,8}[HMSmun]");
    private static final String BINARY_SUFFIX = "-bin";

    private CallHeaders() {
    }

    /** @return why the call's metadata cannot be read, or empty when it can */
    static Optional<String> unreadable(HttpServletRequest request) {
        for (String timeout : Collections.list(request.getHeaders("grpc-timeout"))) {
            if (!TIMEOUT.matcher(timeout).matches()) {
                return Optional.of("The grpc-timeout metadata is not a gRPC timeout: up to 8 digits, then one of"
                        + " H, M, S, m, u, n");
            }
        }
        for (String name : Collections.list(request.getHeaderNames())) {
            if (name.endsWith(BINARY_SUFFIX)) {
                for (String value : Collections.list(request.getHeaders(name))) {
                    // the decoding grpc-servlet applies to it
                    if (!BaseEncoding.base64().canDecode(value)) {
                        return Optional.of("The binary metadata "
                                + (name.length() > 64 ? name.substring(0, 64) + "..." : name) + " is not base64");
                    }
                }
            }
        }
        return Optional.empty();
    }
}
