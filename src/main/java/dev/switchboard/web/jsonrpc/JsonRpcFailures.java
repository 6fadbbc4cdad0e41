package dev.switchboard.web.jsonrpc;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.jsonrpc.JsonRpcException;
import dev.switchboard.protocol.jsonrpc.JsonRpcResponses;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.Failures;
import dev.switchboard.web.binding.HttpNames;
import jakarta.json.JsonValue;

/**
 * Every error the JSON-RPC binding answers, in one place: a JSON-RPC error response, with HTTP
 * 200 for errors in the envelope or the method as the binding expects, the error table's status
 * for a streaming call refused before its first event, and the HTTP status of a failure of HTTP
 * itself (media type, body size), which still carries a JSON-RPC error body.
 */
final class JsonRpcFailures {
    private JsonRpcFailures() {
    }

    /** A request refused before its envelope was read: no id is known. */
    static Answer.Body beforeEnvelope(int httpStatus, A2AError error, String message) {
        return body(httpStatus, JsonRpcResponses.error(new JsonRpcException(JsonValue.NULL, error, message)));
    }

    /** An envelope that could not be read: HTTP 200, with whatever id could be read. */
    static Answer.Body envelope(JsonRpcException error) {
        return body(200, JsonRpcResponses.error(error));
    }

    /** The answer to a failed call of a method that answers once: HTTP 200 with the error. */
    static Answer.Body call(JsonValue id, Throwable failure) {
        return limit(id, failure).orElseGet(() -> body(200, JsonRpcResponses.error(id, Failures.asA2A(failure))));
    }

    /** A limit's 429, still a JSON-RPC response to the request. */
    private static java.util.Optional<Answer.Body> limit(JsonValue id, Throwable failure) {
        return Failures.limit(failure, exceeded -> JsonRpcResponses.refusal(id, exceeded.getMessage(),
                exceeded.reason(), ErrorBody.DOMAIN));
    }

    /**
     * The answer to a streaming call refused before its first event. A client that named its
     * protocol version gets a plain JSON-RPC error with the HTTP status of the error table (404
     * for an unknown task...): it learns from the status alone that no event will come. A client
     * that named no version and accepts event streams was written against servers that put the
     * error into the stream as its only event; it gets that.
     */
    static Answer streamRefused(JsonValue id, Throwable failure, boolean errorAsEvent) {
        java.util.Optional<Answer.Body> limit = limit(id, failure);
        if (limit.isPresent()) {
            return limit.get();
        }
        A2AException error = Failures.asA2A(failure);
        if (errorAsEvent) {
            return new Answer.Stream(sink -> sink.fail(error), event -> new byte[0],
                    refused -> JsonRpcResponses.error(id, refused), refused -> call(id, refused));
        }
        return body(error.error().httpStatus(), JsonRpcResponses.error(id, error));
    }

    private static Answer.Body body(int status, byte[] bytes) {
        return Answer.Body.json(status, HttpNames.JSON, bytes);
    }
}
