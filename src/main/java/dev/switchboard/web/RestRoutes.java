package dev.switchboard.web;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.protocol.json.RequestCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.json.TaskCodec;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.filter.CallerFilter;
import dev.switchboard.web.filter.RequestedVersion;
import jakarta.json.JsonObject;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.HeaderParam;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.io.InputStream;
import java.util.List;
import java.util.function.Function;
import dev.switchboard.security.Caller;
import java.util.Map;
import java.util.function.Supplier;

/**
 * The routes of the A2A 1.0 HTTP+JSON binding. Results are the 1.0 ProtoJSON shapes; errors are
 * google.rpc.Status bodies with the error table's HTTP status; streams are SSE whose every
 * {@code data:} is a bare StreamResponse. The routes are mounted twice: under {@code /a2a/rest},
 * the endpoint the card names ({@link RestResource}), and at the origin root
 * ({@link OriginRestResource}) for clients that resolve the routes against the origin rather than
 * the endpoint URL.
 */
@Consumes(MediaType.WILDCARD)
public abstract class RestRoutes {
    private static final List<String> LIST_PARAMETERS = List.of("contextId", "status", "statusTimestampAfter",
            "pageSize", "pageToken", "historyLength", "includeArtifacts");

    private final TaskService tasks;
    private final StreamRegistry streams;
    private final Function<Caller, JsonObject> extendedCards;

    RestRoutes(TaskService tasks, StreamRegistry streams, Function<Caller, JsonObject> extendedCards) {
        this.tasks = tasks;
        this.streams = streams;
        this.extendedCards = extendedCards;
    }

    @POST
    @Path("message:send")
    public void send(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                     @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                     InputStream body, @Suspended AsyncResponse response) {
        try {
            checkVersion(http);
            tasks.send(RequestCodec.sendMessageRequest(RestRequests.body(body, contentType, false)), owner(http))
                    .whenComplete((result, failure) -> response.resume(failure != null
                            ? RestAnswers.error(failure, accept)
                            : RestAnswers.ok(StreamEventCodec.toSendMessageResponse(result), accept)));
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept));
        }
    }

    @POST
    @Path("message:stream")
    public void stream(@HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                       @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                       InputStream body, @Suspended AsyncResponse response) {
        try {
            checkVersion(http);
            tasks.stream(RequestCodec.sendMessageRequest(RestRequests.body(body, contentType, false)), owner(http),
                    sse(response));
        } catch (RuntimeException e) {
            response.resume(streamFailed(e, accept));
        }
    }

    @GET
    @Path("tasks/{id}")
    public Response get(@PathParam("id") String id, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                        @Context HttpServletRequest http, @Context UriInfo uri) {
        return answer(accept, () -> {
            checkVersion(http);
            JsonObject params = RestRequests.query(uri.getQueryParameters(), List.of("historyLength"))
                    .add("id", id).build();
            return TaskCodec.toJson(tasks.get(RequestCodec.getTaskRequest(params), owner(http)));
        });
    }

    @GET
    @Path("tasks")
    public Response list(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                         @Context UriInfo uri) {
        return answer(accept, () -> {
            checkVersion(http);
            JsonObject params = RestRequests.query(uri.getQueryParameters(), LIST_PARAMETERS).build();
            return ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), owner(http)));
        });
    }

    @POST
    @Path("tasks/{id}:cancel")
    public Response cancel(@PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                           @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                           InputStream body) {
        return answer(accept, () -> {
            checkVersion(http);
            JsonObject params = JsonFactory.createObjectBuilder(RestRequests.body(body, contentType, true)).add("id", id)
                    .build();
            return TaskCodec.toJson(tasks.cancel(RequestCodec.cancelTaskRequest(params), owner(http)));
        });
    }

    @GET
    @Path("tasks/{id}:subscribe")
    public void subscribe(@PathParam("id") String id, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                          @HeaderParam(JsonRpcResource.LAST_EVENT_ID) String lastEventId,
                          @Context HttpServletRequest http, @Suspended AsyncResponse response) {
        resubscribe(id, accept, lastEventId, http, response);
    }

    @POST
    @Path("tasks/{id}:subscribe")
    public void subscribeByPost(@PathParam("id") String id, @HeaderParam(HttpHeaders.CONTENT_TYPE) String contentType,
                                @HeaderParam(HttpHeaders.ACCEPT) String accept,
                                @HeaderParam(JsonRpcResource.LAST_EVENT_ID) String lastEventId,
                                @Context HttpServletRequest http, InputStream body,
                                @Suspended AsyncResponse response) {
        try {
            RestRequests.body(body, contentType, true);
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept));
            return;
        }
        resubscribe(id, accept, lastEventId, http, response);
    }

    @POST
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response createPushConfig(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        return pushNotSupported(accept);
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response listPushConfigs(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        return pushNotSupported(accept);
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response getPushConfig(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        return pushNotSupported(accept);
    }

    @DELETE
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response deletePushConfig(@HeaderParam(HttpHeaders.ACCEPT) String accept) {
        return pushNotSupported(accept);
    }

    @GET
    @Path("extendedAgentCard")
    public Response extendedAgentCard(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http) {
        return answer(accept, () -> extendedCards.apply(CallerFilter.of(http)));
    }

    private void resubscribe(String id, String accept, String lastEventId, HttpServletRequest http,
                             AsyncResponse response) {
        try {
            checkVersion(http);
            tasks.subscribe(RequestCodec.subscribeToTaskRequest(JsonFactory.createObjectBuilder().add("id", id).build()),
                    JsonRpcDispatcher.lastEventId(lastEventId), owner(http), sse(response));
        } catch (RuntimeException e) {
            response.resume(streamFailed(e, accept));
        }
    }

    /**
     * A stream that failed before its first event, like every stream response, leaves no idle
     * connection behind: a client may not reuse a streaming connection from another context.
     */
    private static Response streamFailed(RuntimeException e, String accept) {
        return Response.fromResponse(RestAnswers.error(e, accept)).header("Connection", "close").build();
    }

    private SseStream sse(AsyncResponse response) {
        return new SseStream(response, event -> JsonValues.bytes(StreamEventCodec.toStreamResponse(event)), streams);
    }

    private static Response pushNotSupported(String accept) {
        return RestAnswers.error(new A2AException(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED,
                "Push notifications are not enabled on this agent"), accept);
    }

    private static Response answer(String accept, Supplier<jakarta.json.JsonStructure> call) {
        try {
            return RestAnswers.ok(call.get(), accept);
        } catch (RuntimeException e) {
            return RestAnswers.error(e, accept);
        }
    }

    /** The owner of the caller's tasks: null for the operator, who sees all. */
    private static String owner(HttpServletRequest http) {
        return CallerFilter.of(http).owner();
    }

    /** This binding's line is 1.0; 0.3's HTTP+JSON routes live under {@code /v1}. */
    private static void checkVersion(HttpServletRequest http) {
        RequestedVersion requested = RequestedVersion.of(http);
        if (requested.isUnsupported() || requested.version() == ProtocolVersion.V0_3) {
            throw new A2AException(A2AError.VERSION_NOT_SUPPORTED, "A2A-Version " + requested.named()
                    + " is not supported on this endpoint; it speaks 1.0",
                    Map.of("requestedVersion", requested.named(), "supportedVersions", "1.0"));
        }
    }
}
