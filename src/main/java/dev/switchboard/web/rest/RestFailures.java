package dev.switchboard.web.rest;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.v03.V03Errors;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.ContentCodings;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.Failures;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.WireFormat;

/**
 * Every error the HTTP+JSON binding answers, in one place: the error table's HTTP status, with a
 * google.rpc.Status body in 1.0 (in the media type the client accepts) and the 0.3 body of
 * {@link V03Errors} in 0.3; unexpected failures as internal errors that name their incident.
 */
final class RestFailures {
    private RestFailures() {
    }

    /** The answer to any failure of a request in the given line. */
    static Answer.Body answer(Throwable failure, String accept, WireFormat wire) {
        java.util.Optional<Answer.Body> limit = Failures.limit(failure,
                exceeded -> ErrorBody.forRefusal(429, exceeded.getMessage(), exceeded.reason()));
        if (limit.isPresent()) {
            return limit.get();
        }
        Throwable cause = Failures.cause(failure);
        if (cause instanceof RestRequests.Refused refused) {
            if (refused.status() != 415) {
                return Answer.Body.json(refused.status(), HttpNames.jsonFor(accept),
                        ErrorBody.forHttpStatus(refused.status(), refused.getMessage()));
            }
            Answer.Body answer = a2a(new A2AException(A2AError.CONTENT_TYPE_NOT_SUPPORTED, refused.getMessage()), 415,
                    accept, wire);
            return refused.isCoding() ? answer.withHeader(HttpNames.ACCEPT_ENCODING, ContentCodings.ACCEPTED) : answer;
        }
        A2AException error = Failures.asA2A(cause);
        return a2a(error, error.error().httpStatus(), accept, wire);
    }

    private static Answer.Body a2a(A2AException error, int status, String accept, WireFormat wire) {
        return wire == WireFormat.V1
                ? Answer.Body.json(status, HttpNames.jsonFor(accept), ErrorBody.forA2A(error, status))
                : Answer.Body.json(status, HttpNames.JSON, JsonValues.bytes(V03Errors.restBody(error)));
    }
}
