package dev.switchboard.web.grpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.rpc.ErrorInfo;
import dev.switchboard.protocol.A2AError;
import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import io.grpc.protobuf.ProtoUtils;
import java.util.Set;

/**
 * Answers the three A2A errors whose gRPC code A2A v1.0.1 changed with v1.0.0's code, UNIMPLEMENTED,
 * for clients written against v1.0.0 ({@code switchboard.grpc.statuses=1.0.0}). The error is told by
 * the ErrorInfo reason in {@code grpc-status-details-bin}, whose {@code google.rpc.Status} gets the
 * same code, so the status and its details never disagree.
 */
final class V100Statuses implements ServerInterceptor {
    static final V100Statuses INSTANCE = new V100Statuses();

    private static final Metadata.Key<com.google.rpc.Status> DETAILS = Metadata.Key.of("grpc-status-details-bin",
            ProtoUtils.metadataMarshaller(com.google.rpc.Status.getDefaultInstance()));
    private static final Set<String> UNIMPLEMENTED_IN_1_0_0 = Set.of(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED.reason(),
            A2AError.UNSUPPORTED_OPERATION.reason(), A2AError.VERSION_NOT_SUPPORTED.reason());

    private V100Statuses() {
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            @Override
            public void close(Status status, Metadata trailers) {
                com.google.rpc.Status details = status.isOk() ? null : trailers.get(DETAILS);
                if (details != null && unimplementedIn100(details)) {
                    trailers.discardAll(DETAILS);
                    trailers.put(DETAILS, details.toBuilder().setCode(Status.Code.UNIMPLEMENTED.value()).build());
                    status = Status.UNIMPLEMENTED.withDescription(status.getDescription()).withCause(status.getCause());
                }
                super.close(status, trailers);
            }
        }, headers);
    }

    static boolean unimplementedIn100(com.google.rpc.Status details) {
        for (com.google.protobuf.Any any : details.getDetailsList()) {
            if (any.is(ErrorInfo.class)) {
                try {
                    ErrorInfo info = any.unpack(ErrorInfo.class);
                    if (A2AError.DOMAIN.equals(info.getDomain()) && UNIMPLEMENTED_IN_1_0_0.contains(info.getReason())) {
                        return true;
                    }
                } catch (InvalidProtocolBufferException e) {
                    return false;
                }
            }
        }
        return false;
    }
}
