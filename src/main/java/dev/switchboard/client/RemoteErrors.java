package dev.switchboard.client;

import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.net.URI;

/** Turns an agent's error answer, in either binding's shape, into the exception the caller sees. */
final class RemoteErrors {
    private RemoteErrors() {
    }

    /** The A2A error a non-2xx answer carries, or a plain client exception naming the status. */
    static A2AClientException failure(int status, byte[] bytes, URI uri) {
        JsonValue body;
        try {
            body = HttpCaller.parse(bytes, uri);
        } catch (A2AClientException e) {
            return new A2AClientException(uri + " answered HTTP " + status, status, null);
        }
        return errorOrElse(body, status, uri, uri + " answered HTTP " + status);
    }

    /**
     * Reads {@code {"error": {...}}} in either shape: JSON-RPC ({@code code}, {@code message},
     * {@code data} with an ErrorInfo) or REST google.rpc.Status ({@code code} = HTTP status,
     * {@code status}, {@code message}, {@code details} with an ErrorInfo).
     */
    static A2AClientException errorOrElse(JsonValue body, int status, URI uri, String otherwise) {
        if (!(body instanceof JsonObject json) || !(json.get("error") instanceof JsonObject error)) {
            return new A2AClientException(otherwise, status, null);
        }
        String message = CardReader.text(error, "message");
        String reason = reason(error.get("details"));
        if (reason == null) {
            reason = reason(error.get("data"));
        }
        Integer code = error.get("code") instanceof JsonNumber n ? n.intValue() : null;
        if (error.containsKey("status") && code != null && code > 0) {
            // REST: the code is the HTTP status; the reason picks the JSON-RPC code
            code = null;
        }
        return A2ARemoteException.of(code, reason, message, status);
    }

    private static String reason(JsonValue details) {
        if (details instanceof JsonObject single) {
            return single.get("reason") instanceof JsonString r ? r.getString() : null;
        }
        if (details instanceof JsonArray array) {
            for (JsonValue item : array) {
                String reason = reason(item);
                if (reason != null) {
                    return reason;
                }
            }
        }
        return null;
    }
}
