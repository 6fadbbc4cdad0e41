package dev.switchboard.web.grpc;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.FieldViolation;
import io.grpc.Attributes;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.SecurityLevel;
import io.grpc.ServerCall;
import io.grpc.ServerCallHandler;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.ServiceDescriptor;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import java.io.InputStream;
import java.util.List;
import java.util.Map;

/**
 * Refuses a request message that is not its method's protobuf message (bytes that do not parse,
 * a string field that is not UTF-8), and a call of a method that takes one message that carries
 * none or more, as INVALID_ARGUMENT with the error table's details, as every other bad request.
 * grpc-java parses each request message before the service's listener sees it and ends the call
 * as UNKNOWN ("Application error processing RPC") when that fails; here the call receives the
 * message's bytes, and the listener parses them where the failure can be answered. The parsing
 * is the same, done once.
 */
final class UnreadableRequests {
    /** Hands the message's bytes on as they came: the listener below parses them. */
    private static final MethodDescriptor.Marshaller<InputStream> AS_SENT = new MethodDescriptor.Marshaller<>() {
        @Override
        public InputStream stream(InputStream value) {
            return value;
        }

        @Override
        public InputStream parse(InputStream stream) {
            return stream;
        }
    };

    private UnreadableRequests() {
    }

    /**
     * The service with each method's request message parsed by its call.
     *
     * @param v03 whether it is the 0.3 service, whose errors name their class first
     */
    static ServerServiceDefinition refusedIn(ServerServiceDefinition service, boolean v03) {
        ServiceDescriptor.Builder descriptor = ServiceDescriptor.newBuilder(service.getServiceDescriptor().getName())
                .setSchemaDescriptor(service.getServiceDescriptor().getSchemaDescriptor());
        List<ServerMethodDefinition<InputStream, ?>> methods = service.getMethods().stream()
                .<ServerMethodDefinition<InputStream, ?>>map(method -> parsedByTheCall(method, v03))
                .toList();
        methods.forEach(method -> descriptor.addMethod(method.getMethodDescriptor()));
        ServerServiceDefinition.Builder built = ServerServiceDefinition.builder(descriptor.build());
        methods.forEach(built::addMethod);
        return built.build();
    }

    private static <Q, R> ServerMethodDefinition<InputStream, R> parsedByTheCall(ServerMethodDefinition<Q, R> method,
                                                                                boolean v03) {
        MethodDescriptor<Q, R> typed = method.getMethodDescriptor();
        ServerCallHandler<Q, R> handler = method.getServerCallHandler();
        MethodDescriptor<InputStream, R> asSent = typed.toBuilder(AS_SENT, typed.getResponseMarshaller()).build();
        return ServerMethodDefinition.create(asSent, (call, headers) -> {
            ServerCall.Listener<Q> listener = handler.startCall(new Typed<>(call, typed), headers);
            return new Parsing<>(typed, call, listener, v03);
        });
    }

    /** The call's listener: parses each message and refuses one that does not parse. */
    private static final class Parsing<Q, R> extends ServerCall.Listener<InputStream> {
        private final MethodDescriptor<Q, R> method;
        private final ServerCall<InputStream, R> call;
        private final ServerCall.Listener<Q> next;
        private final boolean v03;
        // a call's listener methods are called one at a time, never concurrently
        private boolean received;
        private boolean refused;

        Parsing(MethodDescriptor<Q, R> method, ServerCall<InputStream, R> call, ServerCall.Listener<Q> next,
                boolean v03) {
            this.method = method;
            this.call = call;
            this.next = next;
            this.v03 = v03;
        }

        @Override
        public void onMessage(InputStream bytes) {
            if (refused) {
                return;
            }
            if (received && method.getType().clientSendsOneMessage()) {
                // grpc-java would answer INTERNAL ("Too many requests")
                refuse("The call carries more than one " + messageName() + "; this method takes one");
                return;
            }
            received = true;
            Q message;
            try {
                message = method.parseRequest(bytes);
            } catch (RuntimeException unreadable) {
                refuse("The request is not a valid " + messageName() + ": " + reason(unreadable));
                return;
            }
            next.onMessage(message);
        }

        /** Ends the call as a bad request; nothing of it reaches the service any more. */
        private void refuse(String why) {
            refused = true;
            StatusRuntimeException status = GrpcFailures.status(new A2AException(A2AError.INVALID_REQUEST, why,
                    Map.of(), List.of(new FieldViolation("", "is not one valid " + messageName()))), v03);
            call.close(status.getStatus(), status.getTrailers() == null ? new Metadata() : status.getTrailers());
        }

        private String messageName() {
            return method.getRequestMarshaller() instanceof MethodDescriptor.ReflectableMarshaller<?> reflectable
                    ? reflectable.getMessageClass().getSimpleName() + " message" : "request message";
        }

        /** protobuf's own words ("Protocol message had invalid UTF-8."), under grpc-java's wrapping. */
        private static String reason(RuntimeException unreadable) {
            Throwable innermost = unreadable;
            while (innermost.getCause() != null && innermost.getCause() != innermost) {
                innermost = innermost.getCause();
            }
            String words = innermost.getMessage();
            return words == null || words.isBlank() ? "it does not parse" : words;
        }

        @Override
        public void onHalfClose() {
            if (!refused && !received && method.getType().clientSendsOneMessage()) {
                // grpc-java would answer INTERNAL ("Half-closed without a request")
                refuse("The call carries no " + messageName());
            }
            if (!refused) {
                next.onHalfClose();
            }
        }

        @Override
        public void onCancel() {
            next.onCancel();
        }

        @Override
        public void onComplete() {
            next.onComplete();
        }

        @Override
        public void onReady() {
            if (!refused) {
                next.onReady();
            }
        }
    }

    /** The call as the service's handler knows it: its messages typed, everything else the call's own. */
    private static final class Typed<Q, R> extends ServerCall<Q, R> {
        private final ServerCall<InputStream, R> call;
        private final MethodDescriptor<Q, R> method;

        Typed(ServerCall<InputStream, R> call, MethodDescriptor<Q, R> method) {
            this.call = call;
            this.method = method;
        }

        @Override
        public void request(int numMessages) {
            call.request(numMessages);
        }

        @Override
        public void sendHeaders(Metadata headers) {
            call.sendHeaders(headers);
        }

        @Override
        public void sendMessage(R message) {
            call.sendMessage(message);
        }

        @Override
        public boolean isReady() {
            return call.isReady();
        }

        @Override
        public void close(Status status, Metadata trailers) {
            call.close(status, trailers);
        }

        @Override
        public boolean isCancelled() {
            return call.isCancelled();
        }

        @Override
        public void setMessageCompression(boolean enabled) {
            call.setMessageCompression(enabled);
        }

        @Override
        public void setCompression(String compressor) {
            call.setCompression(compressor);
        }

        @Override
        public void setOnReadyThreshold(int numBytes) {
            call.setOnReadyThreshold(numBytes);
        }

        @Override
        public SecurityLevel getSecurityLevel() {
            return call.getSecurityLevel();
        }

        @Override
        public Attributes getAttributes() {
            return call.getAttributes();
        }

        @Override
        public String getAuthority() {
            return call.getAuthority();
        }

        @Override
        public MethodDescriptor<Q, R> getMethodDescriptor() {
            return method;
        }
    }
}
