package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import com.google.rpc.RetryInfo;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.security.LimitExceeded;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.util.Map;
import java.util.concurrent.CompletionException;
import org.junit.jupiter.api.Test;

class GrpcFailuresTest {
    private static <T extends com.google.protobuf.Message> T detail(StatusRuntimeException e, Class<T> type)
            throws Exception {
        for (com.google.protobuf.Any any : StatusProto.fromThrowable(e).getDetailsList()) {
            if (any.is(type)) {
                return any.unpack(type);
            }
        }
        throw new AssertionError("no " + type.getSimpleName() + " in " + e);
    }

    @Test
    void everyA2AErrorHasTheCodeOfTheTableAndItsReasonInA2AsDomain() throws Exception {
        for (A2AError kind : A2AError.values()) {
            StatusRuntimeException status = GrpcFailures.status(new A2AException(kind, "m", Map.of("taskId", "t")),
                    false);
            assertEquals(kind.rpcStatus(), status.getStatus().getCode().name(), kind.name());
            ErrorInfo info = detail(status, ErrorInfo.class);
            assertEquals(kind.reason(), info.getReason());
            assertEquals("a2a-protocol.org", info.getDomain());
            assertEquals("t", info.getMetadataOrThrow("taskId"));
        }
    }

    @Test
    void aBadFieldIsInvalidArgumentWithABadRequestNamingIt() throws Exception {
        StatusRuntimeException status = GrpcFailures.status(new CompletionException(
                A2AException.invalidField("message.parts", "must not be empty")), false);
        assertEquals(Status.Code.INVALID_ARGUMENT, status.getStatus().getCode());
        BadRequest bad = detail(status, BadRequest.class);
        assertEquals("message.parts", bad.getFieldViolations(0).getField());
    }

    @Test
    void a03CallsErrorsStartWithThe03ErrorClassItsJavaClientReads() {
        StatusRuntimeException status = GrpcFailures.status(new A2AException(A2AError.TASK_NOT_CANCELABLE, "done"),
                true);
        assertEquals(Status.Code.FAILED_PRECONDITION, status.getStatus().getCode());
        assertTrue(status.getStatus().getDescription().startsWith("TaskNotCancelableError: "),
                status.getStatus().getDescription());
    }

    @Test
    void aLimitIsResourceExhaustedWithWhenToRetry() throws Exception {
        StatusRuntimeException status = GrpcFailures.status(new LimitExceeded("TASK_QUOTA", "slow down", 7), false);
        assertEquals(Status.Code.RESOURCE_EXHAUSTED, status.getStatus().getCode());
        assertEquals("TASK_QUOTA", detail(status, ErrorInfo.class).getReason());
        assertEquals(7, detail(status, RetryInfo.class).getRetryDelay().getSeconds());
    }

    @Test
    void aDefectIsInternalAndNamesOnlyItsIncident() {
        StatusRuntimeException status = GrpcFailures.status(new IllegalStateException("secret detail"), false);
        assertEquals(Status.Code.INTERNAL, status.getStatus().getCode());
        assertFalse(status.getStatus().getDescription().contains("secret"), status.getStatus().getDescription());
        assertTrue(status.getStatus().getDescription().contains("ncident"), status.getStatus().getDescription());
    }

    @Test
    void aResourceNameNamesItsTaskOrIsInvalidParams() {
        assertEquals("t-1", A2AServiceV03.taskId("tasks/t-1"));
        assertEquals("t-1", A2AServiceV03.taskId("tasks/t-1/pushNotificationConfigs/c"));
        for (String bad : new String[] {"", "tasks/", "t-1", "contexts/c"}) {
            assertEquals(A2AError.INVALID_PARAMS, assertThrows(A2AException.class,
                    () -> A2AServiceV03.taskId(bad)).error(), bad);
        }
    }
}
