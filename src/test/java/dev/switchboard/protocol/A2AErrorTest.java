package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The error table as A2A v1.0.1 defines it: codes, google.rpc statuses, HTTP statuses, reasons. */
class A2AErrorTest {
    @Test
    void a2aErrorsFollowTheV101Table() {
        assertRow(A2AError.TASK_NOT_FOUND, -32001, "NOT_FOUND", 404, "TASK_NOT_FOUND");
        assertRow(A2AError.TASK_NOT_CANCELABLE, -32002, "FAILED_PRECONDITION", 400, "TASK_NOT_CANCELABLE");
        assertRow(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED, -32003, "FAILED_PRECONDITION", 400,
                "PUSH_NOTIFICATION_NOT_SUPPORTED");
        assertRow(A2AError.UNSUPPORTED_OPERATION, -32004, "FAILED_PRECONDITION", 400, "UNSUPPORTED_OPERATION");
        assertRow(A2AError.CONTENT_TYPE_NOT_SUPPORTED, -32005, "INVALID_ARGUMENT", 400, "CONTENT_TYPE_NOT_SUPPORTED");
        assertRow(A2AError.INVALID_AGENT_RESPONSE, -32006, "INTERNAL", 500, "INVALID_AGENT_RESPONSE");
        assertRow(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, -32007, "FAILED_PRECONDITION", 400,
                "EXTENDED_AGENT_CARD_NOT_CONFIGURED");
        assertRow(A2AError.EXTENSION_SUPPORT_REQUIRED, -32008, "FAILED_PRECONDITION", 400,
                "EXTENSION_SUPPORT_REQUIRED");
        assertRow(A2AError.VERSION_NOT_SUPPORTED, -32009, "FAILED_PRECONDITION", 400, "VERSION_NOT_SUPPORTED");
    }

    @Test
    void jsonRpcStandardErrors() {
        assertRow(A2AError.PARSE_ERROR, -32700, "INVALID_ARGUMENT", 400, "PARSE_ERROR");
        assertRow(A2AError.INVALID_REQUEST, -32600, "INVALID_ARGUMENT", 400, "INVALID_REQUEST");
        assertRow(A2AError.METHOD_NOT_FOUND, -32601, "UNIMPLEMENTED", 501, "METHOD_NOT_FOUND");
        assertRow(A2AError.INVALID_PARAMS, -32602, "INVALID_ARGUMENT", 400, "INVALID_PARAMS");
        assertRow(A2AError.INTERNAL_ERROR, -32603, "INTERNAL", 500, "INTERNAL_ERROR");
    }

    @Test
    void codesAndReasonsAreUnique() {
        Set<Integer> codes = new HashSet<>();
        Set<String> reasons = new HashSet<>();
        for (A2AError error : A2AError.values()) {
            assertTrue(codes.add(error.jsonRpcCode()), error.name());
            assertTrue(reasons.add(error.reason()), error.name());
            assertEquals(error.name(), error.reason(), "the reason is the error's name");
        }
    }

    @Test
    void exceptionsCarryNoStackTrace() {
        A2AException exception = A2AException.invalidField("message.parts", "must not be empty");
        assertEquals(0, exception.getStackTrace().length);
        assertEquals(A2AError.INVALID_PARAMS, exception.error());
        assertEquals("message.parts", exception.violations().get(0).field());
    }

    private static void assertRow(A2AError error, int code, String status, int http, String reason) {
        assertEquals(code, error.jsonRpcCode(), error.name());
        assertEquals(status, error.rpcStatus(), error.name());
        assertEquals(http, error.httpStatus(), error.name());
        assertEquals(reason, error.reason(), error.name());
    }
}
