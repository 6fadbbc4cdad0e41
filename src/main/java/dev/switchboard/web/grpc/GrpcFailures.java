package dev.switchboard.web.grpc;

import com.google.protobuf.Any;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import com.google.rpc.RetryInfo;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.FieldViolation;
import dev.switchboard.protocol.v03.V03Errors;
import dev.switchboard.security.LimitExceeded;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.Failures;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;

/**
 * Every failure of a gRPC call as the status A2A 1.0.1 gives its error, from the one error table:
 * the code, the message, and a {@code google.rpc.Status} in {@code grpc-status-details-bin} with an
 * ErrorInfo (reason, domain {@code a2a-protocol.org}) and, for a bad field, a BadRequest naming
 * it. Anything that is no A2A error is an incident and says only that.
 *
 * <p>The 0.3 line's Java client reads an error's class from the start of the description
 * ({@code TaskNotFoundError: ...}), so a 0.3 description carries it.
 */
final class GrpcFailures {
    private GrpcFailures() {
    }

    /** @param v03 whether the call came through the 0.3 service */
    static StatusRuntimeException status(Throwable failure, boolean v03) {
        Throwable cause = Failures.cause(failure);
        if (cause instanceof StatusRuntimeException already) {
            return already;
        }
        if (cause instanceof LimitExceeded exceeded) {
            return limit(exceeded);
        }
        A2AException error = Failures.asA2A(cause);
        A2AError kind = error.error();
        com.google.rpc.Status.Builder status = com.google.rpc.Status.newBuilder()
                .setCode(Status.Code.valueOf(kind.rpcStatus()).value())
                .setMessage(v03 ? V03Errors.typeName(kind) + ": " + error.getMessage() : error.getMessage())
                .addDetails(Any.pack(ErrorInfo.newBuilder().setReason(kind.reason()).setDomain(A2AError.DOMAIN)
                        .putAllMetadata(error.metadata()).build()));
        if (!error.violations().isEmpty()) {
            BadRequest.Builder bad = BadRequest.newBuilder();
            for (FieldViolation violation : error.violations()) {
                bad.addFieldViolations(BadRequest.FieldViolation.newBuilder().setField(violation.field())
                        .setDescription(violation.description()));
            }
            status.addDetails(Any.pack(bad.build()));
        }
        return StatusProto.toStatusRuntimeException(status.build());
    }

    /** A limit of the server's own: RESOURCE_EXHAUSTED, its reason in the server's domain, when to retry. */
    static StatusRuntimeException limit(LimitExceeded exceeded) {
        return StatusProto.toStatusRuntimeException(com.google.rpc.Status.newBuilder()
                .setCode(Status.Code.RESOURCE_EXHAUSTED.value())
                .setMessage(exceeded.getMessage())
                .addDetails(Any.pack(ErrorInfo.newBuilder().setReason(exceeded.reason()).setDomain(ErrorBody.DOMAIN)
                        .build()))
                .addDetails(Any.pack(RetryInfo.newBuilder().setRetryDelay(com.google.protobuf.Duration.newBuilder()
                        .setSeconds(exceeded.retryAfterSeconds())).build()))
                .build());
    }
}
