package dev.switchboard.web.grpc;

import com.google.common.io.BaseEncoding;
import jakarta.servlet.http.HttpServletRequest;
import java.util.Enumeration;
import java.util.Optional;

/**
 * The checks of a call's metadata that grpc-servlet makes only by failing: it reads
 * {@code grpc-timeout} and decodes every {@code -bin} header before the call exists, and a value
 * it cannot read ends the request in the container as an HTTP 500. Checked first, such a value is
 * the client's mistake answered in gRPC's form.
 */
final class CallHeaders {
    private static final String BINARY_SUFFIX = "-bin";

    private CallHeaders() {
    }

    /**
     * Runs on every call, beside grpc-servlet's own reading of the same headers: it walks the
     * container's enumerations without copying them and matches the timeout by hand.
     *
     * @return why the call's metadata cannot be read, or empty when it can
     */
    static Optional<String> unreadable(HttpServletRequest request) {
        for (Enumeration<String> timeouts = request.getHeaders("grpc-timeout"); timeouts.hasMoreElements(); ) {
            if (!isTimeout(timeouts.nextElement())) {
                return Optional.of("The grpc-timeout metadata is not a gRPC timeout: up to 8 digits, then one of"
                        + " H, M, S, m, u, n");
            }
        }
        for (Enumeration<String> names = request.getHeaderNames(); names.hasMoreElements(); ) {
            String name = names.nextElement();
            if (name.endsWith(BINARY_SUFFIX)) {
                for (Enumeration<String> values = request.getHeaders(name); values.hasMoreElements(); ) {
                    // the decoding grpc-servlet applies to it
                    if (!BaseEncoding.base64().canDecode(values.nextElement())) {
                        return Optional.of("The binary metadata "
                                + (name.length() > 64 ? name.substring(0, 64) + "..." : name) + " is not base64");
                    }
                }
            }
        }
        return Optional.empty();
    }

    /** gRPC over HTTP/2: 1 to 8 digits, then Hour, Minute, Second, milli, micro or nanosecond. */
    private static boolean isTimeout(String value) {
        int digits = value.length() - 1;
        if (digits < 1 || digits > 8 || "HMSmun".indexOf(value.charAt(digits)) < 0) {
            return false;
        }
        for (int i = 0; i < digits; i++) {
            if (value.charAt(i) < '0' || value.charAt(i) > '9') {
                return false;
            }
        }
        return true;
    }
}
