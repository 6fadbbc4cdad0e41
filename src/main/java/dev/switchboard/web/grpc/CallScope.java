package dev.switchboard.web.grpc;

import dev.switchboard.observe.Tracing;
import dev.switchboard.security.Caller;
import dev.switchboard.web.binding.CallExtensions;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import dev.switchboard.web.binding.RequestedVersion;
import io.grpc.Context;
import io.grpc.Contexts;
import io.grpc.Metadata;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerInterceptor;
import io.grpc.Status;
import jakarta.servlet.http.HttpServletRequest;

/**
 * What the filters found out about a gRPC call's request (who calls, from where, which version
 * it names, which extensions it activates), carried into the call. grpc-servlet starts a call on the request's own thread when
 * the server runs on the direct executor, so {@link GrpcEndpoint} hands the scope over on that
 * thread and {@link #INTERCEPTOR} puts it into the call's context; a call that finds none is
 * refused rather than served as nobody.
 *
 * @param caller        the caller the caller filter identified
 * @param clientAddress the client's address after the trusted proxies
 * @param requested     the version the request names in {@code a2a-version}
 * @param extensions    what its {@code a2a-extensions} come to for the caller
 * @param traceparent   the request's W3C {@code traceparent} header, or null
 * @param method        the gRPC method's name ({@code SendMessage}), once the call has started
 * @param trace         the trace context current on the request's thread, which the call's span
 *                      continues wherever grpc-servlet runs the call; null when tracing is off
 */
record CallScope(Caller caller, String clientAddress, RequestedVersion requested, CallExtensions extensions,
                 String traceparent, String method, io.opentelemetry.context.Context trace) {
    private static final ThreadLocal<CallScope> STARTING = new ThreadLocal<>();
    private static final Context.Key<CallScope> KEY = Context.key("switchboard-call-scope");

    static CallScope of(HttpServletRequest request) {
        return new CallScope(RequestScope.caller(request), RequestScope.clientAddress(request),
                RequestScope.requestedVersion(request), RequestScope.extensions(request),
                request.getHeader(HttpNames.TRACEPARENT), null, Tracing.currentContext());
    }

    /** This scope, for the call of the named method. */
    CallScope calling(String method) {
        return new CallScope(caller, clientAddress, requested, extensions, traceparent, method, trace);
    }

    /** Runs a request's gRPC call with its scope at hand for the call's start. */
    static void during(CallScope scope, IoRunnable start) throws java.io.IOException {
        STARTING.set(scope);
        try {
            start.run();
        } finally {
            STARTING.remove();
        }
    }

    /** The scope of the call running now. */
    static CallScope current() {
        CallScope scope = KEY.get();
        if (scope == null) {
            throw new IllegalStateException("a gRPC call started without its request's scope");
        }
        return scope;
    }

    /** An action that may fail with an I/O error. */
    @FunctionalInterface
    interface IoRunnable {
        void run() throws java.io.IOException;
    }

    static final ServerInterceptor INTERCEPTOR = new ServerInterceptor() {
        @Override
        public <Q, R> ServerCall.Listener<Q> interceptCall(ServerCall<Q, R> call, Metadata headers,
                                                           ServerCallHandler<Q, R> next) {
            CallScope scope = STARTING.get();
            if (scope == null) {
                call.close(Status.INTERNAL.withDescription("The call could not be attributed to a caller"),
                        new Metadata());
                return new ServerCall.Listener<>() { };
            }
            return Contexts.interceptCall(Context.current().withValue(KEY,
                    scope.calling(call.getMethodDescriptor().getBareMethodName())), call, headers, next);
        }
    };
}
