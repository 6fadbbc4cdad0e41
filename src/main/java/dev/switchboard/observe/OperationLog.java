package dev.switchboard.observe;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonObjectBuilder;
import java.util.Locale;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * One line per A2A operation on the logger {@value #LOGGER} at INFO, in text or JSON: operation,
 * binding, line, caller tier, task id, trace id, outcome and duration. It names no caller, key,
 * token, cookie or message content: the line is safe to ship to any log store.
 */
public final class OperationLog {
    /** The logger name, so that operators can route or silence these lines on their own. */
    public static final String LOGGER = "dev.switchboard.operations";
    private static final Logger LOG = Logger.getLogger(LOGGER);

    private final boolean json;

    private OperationLog(boolean json) {
        this.json = json;
    }

    /** @param format {@code text} or {@code json} */
    public static OperationLog of(String format) {
        return new OperationLog("json".equalsIgnoreCase(format));
    }

    void write(OperationCall call, String outcome, long nanos) {
        if (LOG.isLoggable(Level.INFO)) {
            LOG.info(line(call, outcome, nanos));
        }
    }

    String line(OperationCall call, String outcome, long nanos) {
        String traceId = call.traceId();
        String taskId = plausibleId(call.taskId());
        String line = call.line() == null ? null : call.line().toString();
        String tier = call.tier() == null ? null : call.tier().name().toLowerCase(Locale.ROOT);
        double millis = Math.round(nanos / 10_000.0) / 100.0;
        if (json) {
            JsonObjectBuilder out = JsonFactory.createObjectBuilder()
                    .add("operation", call.operation().label()).add("binding", call.binding().label());
            addIf(out, "protocolVersion", line);
            addIf(out, "tier", tier);
            addIf(out, "taskId", taskId);
            addIf(out, "traceId", traceId);
            return out.add("outcome", outcome).add("durationMs", millis).build().toString();
        }
        StringBuilder out = new StringBuilder(160).append("operation=").append(call.operation().label())
                .append(" binding=").append(call.binding().label());
        appendIf(out, "protocolVersion", line);
        appendIf(out, "tier", tier);
        appendIf(out, "taskId", taskId);
        appendIf(out, "traceId", traceId);
        return out.append(" outcome=").append(outcome).append(" durationMs=").append(millis).toString();
    }

    /**
     * The trace-id field of a W3C {@code traceparent} ({@code 00-<32 hex>-<16 hex>-<2 hex>}); null
     * when there is none or it is malformed, so that nothing a client writes freely reaches the log.
     */
    static String traceId(String traceparent) {
        if (traceparent == null || traceparent.length() < 55 || traceparent.charAt(2) != '-'
                || traceparent.charAt(35) != '-') {
            return null;
        }
        String id = traceparent.substring(3, 35);
        boolean zero = true;
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!(c >= '0' && c <= '9' || c >= 'a' && c <= 'f')) {
                return null;
            }
            zero &= c == '0';
        }
        return zero ? null : id;
    }

    /** A task id as the server makes them; one a client wrote otherwise is left out, not logged as is. */
    static String plausibleId(String id) {
        if (id == null || id.isEmpty() || id.length() > 128) {
            return null;
        }
        for (int i = 0; i < id.length(); i++) {
            char c = id.charAt(i);
            if (!(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_'
                    || c == '.' || c == ':')) {
                return null;
            }
        }
        return id;
    }

    private static void addIf(JsonObjectBuilder out, String name, String value) {
        if (value != null) {
            out.add(name, value);
        }
    }

    private static void appendIf(StringBuilder out, String name, String value) {
        if (value != null) {
            out.append(' ').append(name).append('=').append(value);
        }
    }
}
