package dev.switchboard.web.binding;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.runtime.Incident;
import dev.switchboard.security.LimitExceeded;
import java.util.Map;
import java.util.concurrent.CompletionException;
import java.util.logging.Logger;

/**
 * What a failure means to a client, before a binding gives it its shape: an A2A error as it is,
 * anything else an internal error that names only its incident.
 */
public final class Failures {
    private static final Logger LOG = Logger.getLogger(Failures.class.getName());

    private Failures() {
    }

    /** The failure itself, out of the wrapper a completion stage puts around it. */
    public static Throwable cause(Throwable failure) {
        return failure instanceof CompletionException && failure.getCause() != null ? failure.getCause() : failure;
    }

    /** An A2A error as it is; anything else is logged as an incident and becomes an internal error. */
    public static A2AException asA2A(Throwable failure) {
        Throwable cause = cause(failure);
        if (cause instanceof A2AException a2a) {
            return a2a;
        }
        return internal(cause);
    }

    /**
     * The answer to a limit that refused the request after it was admitted (a task quota): 429 with
     * {@code Retry-After}, as the rate-limit filter answers, with the body the binding shapes;
     * empty for any other failure.
     */
    public static java.util.Optional<Answer.Body> limit(Throwable failure,
                                                       java.util.function.Function<LimitExceeded, byte[]> body) {
        if (cause(failure) instanceof LimitExceeded exceeded) {
            return java.util.Optional.of(Answer.Body.json(429, HttpNames.JSON, body.apply(exceeded))
                    .withHeader(HttpNames.RETRY_AFTER, Long.toString(exceeded.retryAfterSeconds())));
        }
        return java.util.Optional.empty();
    }

    /** Logs an unexpected failure and answers an internal error that names its incident only. */
    public static A2AException internal(Throwable cause) {
        Incident incident = Incident.report(LOG, null, cause);
        return new A2AException(A2AError.INTERNAL_ERROR, "Internal error " + incident.mention(), Map.of());
    }
}
