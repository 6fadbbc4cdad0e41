package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import java.io.InputStream;
import org.junit.jupiter.api.Test;

class V100StatusesTest {
    /** The call the interceptor forwards to: records how it was closed. */
    private static final class ClosedCall extends ServerCall<String, String> {
        Status status;
        Metadata trailers;

        @Override
        public void close(Status status, Metadata trailers) {
            this.status = status;
            this.trailers = trailers;
        }

        @Override
        public void request(int count) {
        }

        @Override
        public void sendHeaders(Metadata headers) {
        }

        @Override
        public void sendMessage(String message) {
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public MethodDescriptor<String, String> getMethodDescriptor() {
            MethodDescriptor.Marshaller<String> text = new MethodDescriptor.Marshaller<>() {
                @Override
                public InputStream stream(String value) {
                    return InputStream.nullInputStream();
                }

                @Override
                public String parse(InputStream stream) {
                    return "";
                }
            };
            return MethodDescriptor.<String, String>newBuilder().setType(MethodDescriptor.MethodType.UNARY)
                    .setFullMethodName("lf.a2a.v1.A2AService/GetTask").setRequestMarshaller(text)
                    .setResponseMarshaller(text).build();
        }
    }

    private static ClosedCall failWith(A2AError error) {
        ClosedCall call = new ClosedCall();
        StatusRuntimeException failure = GrpcFailures.status(new A2AException(error, "no"), false);
        V100Statuses.INSTANCE.interceptCall(call, new Metadata(), (intercepted, headers) -> {
            intercepted.close(failure.getStatus(), failure.getTrailers());
            return new ServerCall.Listener<>() {
            };
        });
        return call;
    }

    @Test
    void theThreeErrorsV101MovedAreUnimplementedAsInV100InTheStatusAndItsDetails() {
        for (A2AError moved : new A2AError[] {A2AError.VERSION_NOT_SUPPORTED, A2AError.UNSUPPORTED_OPERATION,
                A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED}) {
            ClosedCall call = failWith(moved);
            assertEquals(Status.Code.UNIMPLEMENTED, call.status.getCode(), moved.name());
            assertEquals("no", call.status.getDescription());
            com.google.rpc.Status details = StatusProto.fromStatusAndTrailers(call.status, call.trailers);
            assertEquals(Status.Code.UNIMPLEMENTED.value(), details.getCode(), moved.name());
            assertEquals(1, details.getDetailsCount(), "the ErrorInfo stays");
        }
    }

    @Test
    void everyOtherErrorKeepsItsCode() {
        for (A2AError kept : new A2AError[] {A2AError.TASK_NOT_CANCELABLE, A2AError.TASK_NOT_FOUND,
                A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, A2AError.INVALID_PARAMS}) {
            ClosedCall call = failWith(kept);
            assertEquals(Status.Code.valueOf(kept.rpcStatus()), call.status.getCode(), kept.name());
        }
    }
}
