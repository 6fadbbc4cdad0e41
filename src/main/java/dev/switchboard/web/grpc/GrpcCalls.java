package dev.switchboard.web.grpc;

import dev.switchboard.observe.Binding;
import dev.switchboard.observe.Operation;
import dev.switchboard.observe.OperationCall;
import dev.switchboard.observe.Operations;
import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.web.binding.StreamRegistry;
import dev.switchboard.web.binding.Tenants;
import com.google.protobuf.MessageOrBuilder;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import io.opentelemetry.context.Scope;
import java.util.Map;
import java.util.concurrent.CompletionStage;
import java.util.function.Supplier;

/**
 * What both services do around an operation: the call context from the request's scope, in the
 * service's line, and the answer or the failure status written once.
 */
final class GrpcCalls {
    private final ProtocolVersion line;
    private final Tenants tenants;
    private final boolean serveV03;
    private final Operations operations;
    private final StreamRegistry streams;

    /**
     * @param line       the line of the service: a request that names another in {@code a2a-version}
     *                   is refused, as a service speaks its own proto only
     * @param serveV03   whether this server speaks 0.3 at all
     * @param operations where each call is reported as it ends
     * @param streams    where open server streams are counted
     */
    GrpcCalls(ProtocolVersion line, Tenants tenants, boolean serveV03, Operations operations,
              StreamRegistry streams) {
        this.streams = streams;
        this.line = line;
        this.tenants = tenants;
        this.serveV03 = serveV03;
        this.operations = operations;
    }

    /** The operation of the call running now, begun, about the task its request names. */
    private OperationCall begin(MessageOrBuilder request) {
        CallScope scope = CallScope.current();
        try (Scope arrived = Tracing.enter(scope.trace())) {
            return operations.begin(Binding.GRPC, scope.caller().tier(), scope.traceparent())
                    .named(scope.method() == null ? Operation.UNKNOWN : Operation.ofRpc(scope.method())).line(line)
                    .task(GrpcTaskIds.named(request));
        }
    }

    boolean isV03() {
        return line == ProtocolVersion.V0_3;
    }

    /**
     * Who calls, in this service's line, for the tenant the request names (1.0 only), with the
     * extensions its {@code a2a-extensions} activate.
     *
     * @throws A2AException VersionNotSupported for another version, invalid params for an unknown
     *                      tenant, ExtensionSupportRequired when the call does not activate an
     *                      extension the caller's card requires
     */
    ServerCallContext context(String tenant) {
        return context(tenant, false);
    }

    /**
     * The context of a discovery call (the card), which requires no extension: it may be where a
     * caller first reads of a required one.
     */
    ServerCallContext discoveryContext(String tenant) {
        return context(tenant, true);
    }

    private ServerCallContext context(String tenant, boolean discovery) {
        CallScope scope = CallScope.current();
        ProtocolVersion resolved = scope.requested().resolve(line, serveV03);
        if (resolved != line) {
            throw new A2AException(A2AError.VERSION_NOT_SUPPORTED, "A2A-Version " + scope.requested().named()
                    + " is not what this service speaks; it is the A2A " + line + " service",
                    Map.of("requestedVersion", scope.requested().named(), "supportedVersions", line.toString()));
        }
        String named = tenant == null || tenant.isEmpty() ? null : tenant;
        if (line == ProtocolVersion.V1_0) {
            tenants.checkParameter(named);
        }
        return new ServerCallContext(scope.caller(), line, named, scope.clientAddress(),
                discovery ? scope.extensions().forDiscovery() : scope.extensions().require());
    }

    /** Answers with what the operation returns, or the status of its failure. */
    <R> void unary(MessageOrBuilder request, StreamObserver<R> observer, Supplier<R> operation) {
        OperationCall observed = begin(request);
        R result;
        try (Scope traced = observed.enter()) {
            result = operation.get();
        } catch (RuntimeException e) {
            observed.failed(e);
            observer.onError(GrpcFailures.status(e, isV03()));
            return;
        }
        observed.ok();
        observer.onNext(result);
        observer.onCompleted();
    }

    /**
     * Answers once the operation's stage completes; a client that cancels meanwhile gets nothing
     * (the task goes on, as it does when an HTTP client goes away).
     */
    <R> void later(MessageOrBuilder request, StreamObserver<R> observer, Supplier<CompletionStage<R>> operation) {
        ServerCallStreamObserver<R> call = (ServerCallStreamObserver<R>) observer;
        call.setOnCancelHandler(() -> { });
        OperationCall observed = begin(request);
        CompletionStage<R> stage;
        try (Scope traced = observed.enter()) {
            stage = operation.get();
        } catch (RuntimeException e) {
            observed.failed(e);
            observer.onError(GrpcFailures.status(e, isV03()));
            return;
        }
        stage.whenComplete((result, failure) -> {
            if (failure != null) {
                observed.failed(failure);
            } else {
                String[] ids = GrpcTaskIds.ofAnswer(result);
                if (ids[0] != null) {
                    observed.task(ids[0]).context(ids[1]);
                }
                observed.ok();
            }
            if (call.isCancelled()) {
                return;
            }
            if (failure != null) {
                observer.onError(GrpcFailures.status(failure, isV03()));
            } else {
                observer.onNext(result);
                observer.onCompleted();
            }
        });
    }

    /** Starts a stream on the sink; a refusal before its first event is the call's status. */
    <R> void stream(MessageOrBuilder request, GrpcEventSink<R> sink, Runnable start) {
        OperationCall observed = begin(request);
        sink.counted(streams.opened());
        try (Scope traced = observed.enter()) {
            start.run();
        } catch (RuntimeException e) {
            observed.failed(e);
            sink.refuse(e);
            return;
        }
        observed.ok();
    }
}
