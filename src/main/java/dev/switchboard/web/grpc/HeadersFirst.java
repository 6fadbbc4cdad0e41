package dev.switchboard.web.grpc;

import io.grpc.ForwardingServerCall;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;

/**
 * Sends a call's headers before its status when nothing else was sent, so that every call ends
 * with its status in trailers. A call that fails at once would otherwise be answered
 * "trailers-only", its status in the response headers; grpc-servlet leaves ending the HTTP/2
 * stream to the container, and Tomcat ends it with an empty DATA frame after those headers, which
 * a gRPC client reads as a broken stream (INTERNAL) instead of the status.
 */
final class HeadersFirst implements ServerInterceptor {
    static final HeadersFirst INSTANCE = new HeadersFirst();

    private HeadersFirst() {
    }

    @Override
    public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                       ServerCallHandler<Q, R> next) {
        return next.startCall(new ForwardingServerCall.SimpleForwardingServerCall<>(call) {
            // a call's methods are called one at a time, never concurrently
            private boolean headersSent;

            @Override
            public void sendHeaders(Metadata responseHeaders) {
                headersSent = true;
                super.sendHeaders(responseHeaders);
            }

            @Override
            public void close(Status status, Metadata trailers) {
                if (!headersSent) {
                    headersSent = true;
                    super.sendHeaders(new Metadata());
                }
                super.close(status, trailers);
            }
        }, headers);
    }
}
