package dev.switchboard.protocol.v03;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ErrorInfoCodec;
import jakarta.json.JsonObject;

/**
 * Error bodies of the 0.3 HTTP+JSON binding, which the 0.3 specification leaves open. The body
 * carries what each official 0.3 client reads: the error's JSON-RPC {@code code} (the JavaScript
 * SDK maps it to its error classes), its 0.3 type name in {@code error} (the Java SDK and the TCK
 * match on it; the name is that of the Java SDK's 0.3 error types, which every 0.3 HTTP+JSON client
 * recognizes), the {@code message}, and the ErrorInfo list as {@code data}.
 */
public final class V03Errors {
    private static final String TYPE_PREFIX = "io.a2a.spec.";

    private V03Errors() {
    }

    public static JsonObject restBody(A2AException exception) {
        A2AError error = exception.error();
        return JsonFactory.createObjectBuilder()
                .add("error", TYPE_PREFIX + typeName(error))
                .add("code", error.jsonRpcCode())
                .add("message", exception.getMessage())
                .add("data", ErrorInfoCodec.details(exception))
                .build();
    }

    /** The 0.3 name of an error type, e.g. {@code TaskNotFoundError}. */
    public static String typeName(A2AError error) {
        return switch (error) {
            case PARSE_ERROR -> "JSONParseError";
            case INVALID_REQUEST -> "InvalidRequestError";
            case METHOD_NOT_FOUND -> "MethodNotFoundError";
            case INVALID_PARAMS -> "InvalidParamsError";
            case INTERNAL_ERROR -> "InternalError";
            case TASK_NOT_FOUND -> "TaskNotFoundError";
            case TASK_NOT_CANCELABLE -> "TaskNotCancelableError";
            case PUSH_NOTIFICATION_NOT_SUPPORTED -> "PushNotificationNotSupportedError";
            case UNSUPPORTED_OPERATION -> "UnsupportedOperationError";
            case CONTENT_TYPE_NOT_SUPPORTED -> "ContentTypeNotSupportedError";
            case INVALID_AGENT_RESPONSE -> "InvalidAgentResponseError";
            case EXTENDED_AGENT_CARD_NOT_CONFIGURED -> "AuthenticatedExtendedCardNotConfiguredError";
            case EXTENSION_SUPPORT_REQUIRED -> "ExtensionSupportRequiredError";
            case VERSION_NOT_SUPPORTED -> "VersionNotSupportedError";
        };
    }
}
