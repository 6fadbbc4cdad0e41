package dev.switchboard.web.grpc;

import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Operations;
import dev.switchboard.runtime.DaemonThreads;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.GrpcRefusals;
import dev.switchboard.web.binding.StreamRegistry;
import dev.switchboard.web.binding.Tenants;
import io.grpc.ServerInterceptors;
import io.grpc.ServerServiceDefinition;
import io.grpc.servlet.jakarta.ServletAdapter;
import io.grpc.servlet.jakarta.ServletServerBuilder;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.util.Optional;
import java.util.concurrent.ScheduledExecutorService;
import java.util.concurrent.ScheduledThreadPoolExecutor;
import java.util.function.Function;

/**
 * The gRPC services as one asynchronous servlet on the container's HTTP/2 (h2c with prior
 * knowledge, or TLS with ALPN, as the connector offers). The services run on the direct executor:
 * no pool of gRPC's own, no thread left behind on undeploy, and each call starts on its request's
 * thread, where the filters' findings are handed to it. Nothing a service does blocks: a blocking
 * SendMessage answers when its stage completes, streams are written by the task's writers.
 */
public final class GrpcEndpoint extends HttpServlet {
    private static final long serialVersionUID = 1L;
    /** The paths the servlet is mapped to: one per service, as gRPC names its methods. */
    public static final String V1_PATH = Endpoints.GRPC_V1 + "*";
    public static final String V03_PATH = Endpoints.GRPC_V03 + "*";

    /**
     * The services, built by the first call. Building them reads the protos' descriptors and
     * loads gRPC: a few hundred milliseconds of a cold JVM that a server taking only JSON-RPC and
     * HTTP+JSON calls, or one still starting, has better use for.
     */
    private final transient Function<ScheduledExecutorService, ServletAdapter> services;
    private transient volatile ServletAdapter adapter;
    /** gRPC's deadlines, on a daemon thread of ours that ends with the servlet (its shared timer would not). */
    private transient ScheduledExecutorService deadlines;

    /**
     * @param maxMessageBytes the largest request message, as large as a request body may be
     * @param serveV03        whether the 0.3 service is offered beside the 1.0 one
     * @param v100Statuses    whether the 1.0 service answers with A2A v1.0.0's status codes
     */
    public GrpcEndpoint(TaskService tasks, ExtendedCard extendedCard, Tenants tenants, int maxMessageBytes,
                        boolean serveV03, boolean v100Statuses, Operations operations, StreamRegistry streams) {
        this.services = timer -> {
            ServletServerBuilder builder = new ServletServerBuilder().directExecutor()
                    .scheduledExecutorService(timer).maxInboundMessageSize(maxMessageBytes);
            ServerServiceDefinition v1 = ServerInterceptors.intercept(UnreadableRequests.refusedIn(
                    com.google.lf.a2a.v1.A2AServiceGrpc.bindService(new A2AServiceV1(tasks, extendedCard, tenants,
                            serveV03, operations, streams)), false),
                    CallScope.INTERCEPTOR, HeadersFirst.INSTANCE);
            // outermost: it sees the status every call closes with, whoever set it
            builder.addService(v100Statuses ? ServerInterceptors.intercept(v1, V100Statuses.INSTANCE) : v1);
            if (serveV03) {
                builder.addService(ServerInterceptors.intercept(UnreadableRequests.refusedIn(
                        com.google.a2a.v1.A2AServiceGrpc.bindService(new A2AServiceV03(tasks, extendedCard, tenants,
                                operations, streams)), true),
                        CallScope.INTERCEPTOR, HeadersFirst.INSTANCE));
            }
            return builder.buildServletAdapter();
        };
    }

    private ServletAdapter adapter() {
        ServletAdapter built = adapter;
        if (built != null) {
            return built;
        }
        synchronized (this) {
            if (adapter == null) {
                deadlines = deadlineTimer();
                adapter = services.apply(deadlines);
            }
            return adapter;
        }
    }

    @Override
    protected void doPost(HttpServletRequest request, HttpServletResponse response) throws IOException {
        if (!ServletAdapter.isGrpc(request)) {
            GrpcRefusals.notGrpc(request, response);
            return;
        }
        if (request.getRemoteAddr() == null || request.getLocalAddr() == null) {
            // the container closed the connection before the call began (an HTTP/2 protocol or
            // overhead error): nobody is left to answer, and gRPC's adapter would throw on it
            return;
        }
        Optional<String> unreadable = CallHeaders.unreadable(request);
        if (unreadable.isPresent()) {
            GrpcRefusals.send(response, 400, unreadable.get(), "INVALID_METADATA", ErrorBody.DOMAIN);
            return;
        }
        ServletAdapter services = adapter();
        CallScope.during(CallScope.of(request), () -> services.doPost(request, response));
    }

    /**
     * The timer of the calls' deadlines. Every call with a deadline schedules its cancellation
     * here and cancels that when it ends, nearly always long before the deadline; a cancelled
     * task must leave the queue at once, or it keeps the finished call (its stream, request and
     * buffers) reachable until the deadline passes: with clients' usual 30 s deadlines, tens of
     * thousands of finished calls under load, promoted to the old generation.
     */
    static ScheduledThreadPoolExecutor deadlineTimer() {
        ScheduledThreadPoolExecutor timer = new ScheduledThreadPoolExecutor(1,
                DaemonThreads.pool("switchboard-grpc-deadlines"));
        timer.setRemoveOnCancelPolicy(true);
        return timer;
    }

    @Override
    public synchronized void destroy() {
        if (adapter != null) {
            adapter.destroy();
            deadlines.shutdownNow();
        }
        super.destroy();
    }
}
