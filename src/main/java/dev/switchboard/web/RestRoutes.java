package dev.switchboard.web;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.protocol.json.ListTasksCodec;
import dev.switchboard.security.Caller;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.filter.CallerFilter;
import dev.switchboard.web.filter.RequestedVersion;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import jakarta.json.JsonValue;
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
import java.util.function.BiFunction;
import java.util.function.Function;

/**
 * The routes of the HTTP+JSON binding, in both protocol lines. A request is answered in the line it
 * names with {@code A2A-Version}, else the line of its path: 1.0 for the routes as they are, 0.3
 * for the same routes under {@code /v1} ({@link V03RestResource}). 1.0 results are ProtoJSON,
 * errors google.rpc.Status bodies, stream events bare StreamResponses; 0.3 results and events are
 * the 0.3 proto's JSON and errors the 0.3 body of {@link RestAnswers}. The 1.0 routes are mounted
 * under {@code /a2a/rest}, the endpoint the card names ({@link RestResource}), and at the origin
 * root ({@link OriginRestResource}) for clients that resolve routes against the origin.
 */
@Consumes(MediaType.WILDCARD)
public abstract class RestRoutes {
    private static final List<String> LIST_PARAMETERS = List.of("contextId", "status", "statusTimestampAfter",
            "pageSize", "pageToken", "historyLength", "includeArtifacts");

    private final TaskService tasks;
    private final StreamRegistry streams;
    private final BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards;
    private final ProtocolVersion pathLine;
    private final boolean serveV03;

    /**
     * @param pathLine the line of requests that name none: 1.0, or 0.3 under {@code /v1}
     * @param serveV03 whether 0.3 requests are answered
     */
    RestRoutes(TaskService tasks, StreamRegistry streams, BiFunction<Caller, ProtocolVersion, JsonObject> extendedCards,
               ProtocolVersion pathLine, boolean serveV03) {
        this.tasks = tasks;
        this.streams = streams;
        this.extendedCards = extendedCards;
        this.pathLine = pathLine;
        this.serveV03 = serveV03;
    }

    @POST
    @Path("message:send")
    public void send(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                     InputStream body, @Suspended AsyncResponse response) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(http);
            WireFormat line = wire;
            tasks.send(wire.sendMessage(RestRequests.body(http, body, false)), call(http, line))
                    .whenComplete((result, failure) -> response.resume(failure != null
                            ? RestAnswers.error(failure, accept, line)
                            : RestAnswers.ok(line.sendResult(result), accept)));
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept, wire));
        }
    }

    @POST
    @Path("message:stream")
    public void stream(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                       InputStream body, @Suspended AsyncResponse response) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(http);
            tasks.stream(wire.sendMessage(RestRequests.body(http, body, false)), call(http, wire),
                    sse(response, wire));
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept, wire));
        }
    }

    @GET
    @Path("tasks/{id}")
    public Response get(@PathParam("id") String id, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                        @Context HttpServletRequest http, @Context UriInfo uri) {
        return answer(accept, http, wire -> {
            JsonObject params = RestRequests.query(uri.getQueryParameters(), List.of("historyLength"))
                    .add("id", id).build();
            return wire.task(tasks.get(wire.getTask(params), call(http, wire)));
        });
    }

    @GET
    @Path("tasks")
    public Response list(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                         @Context UriInfo uri) {
        return answer(accept, http, wire -> {
            if (wire != WireFormat.V1) {
                throw new A2AException(A2AError.METHOD_NOT_FOUND, "A2A 0.3 has no ListTasks; use A2A 1.0");
            }
            JsonObject params = RestRequests.query(uri.getQueryParameters(), LIST_PARAMETERS).build();
            return ListTasksCodec.toJson(tasks.list(ListTasksCodec.request(params), call(http, wire)));
        });
    }

    @POST
    @Path("tasks/{id}:cancel")
    public Response cancel(@PathParam("id") String id, @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                           InputStream body) {
        return answer(accept, http, wire -> {
            JsonObject params = JsonFactory.createObjectBuilder(RestRequests.body(http, body, true)).add("id", id)
                    .build();
            return wire.task(tasks.cancel(wire.cancelTask(params), call(http, wire)));
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
    public void subscribeByPost(@PathParam("id") String id, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                                @HeaderParam(JsonRpcResource.LAST_EVENT_ID) String lastEventId,
                                @Context HttpServletRequest http, InputStream body,
                                @Suspended AsyncResponse response) {
        try {
            RestRequests.body(http, body, true);
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept, pathFormat(http)));
            return;
        }
        resubscribe(id, accept, lastEventId, http, response);
    }

    @POST
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response createPushConfig(@PathParam("taskId") String taskId,
                                     @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http,
                                     InputStream body) {
        return answer(accept, http, wire -> {
            tasks.push().requireEnabled();
            TaskPushNotificationConfig config = wire.pushConfig(RestRequests.body(http, body, false), taskId);
            return wire.pushConfig(tasks.push().create(config, taskId, call(http, wire)));
        });
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response listPushConfigs(@PathParam("taskId") String taskId, @HeaderParam(HttpHeaders.ACCEPT) String accept,
                                    @Context HttpServletRequest http, @Context UriInfo uri) {
        return answer(accept, http, wire -> {
            tasks.push().requireEnabled();
            JsonObject params = RestRequests.query(uri.getQueryParameters(), List.of("pageSize", "pageToken"))
                    .add(wire == WireFormat.V1 ? "taskId" : "id", taskId).build();
            return wire.pushConfigs(tasks.push().list(wire.pushConfigList(params), call(http, wire)));
        });
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response getPushConfig(@PathParam("taskId") String taskId, @PathParam("configId") String configId,
                                  @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http) {
        return answer(accept, http, wire -> {
            tasks.push().requireEnabled();
            TaskPushNotificationConfigRequest request = new TaskPushNotificationConfigRequest(taskId, configId);
            return wire.pushConfig(wire.line() == ProtocolVersion.V0_3
                    ? tasks.push().getOrFirst(request, call(http, wire))
                    : tasks.push().get(request, call(http, wire)));
        });
    }

    /** Answers {@code {}} with 200, like every other route, so that any client can read the answer. */
    @DELETE
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response deletePushConfig(@PathParam("taskId") String taskId, @PathParam("configId") String configId,
                                     @HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http) {
        return answer(accept, http, wire -> {
            tasks.push().requireEnabled();
            tasks.push().delete(new TaskPushNotificationConfigRequest(taskId, configId), call(http, wire));
            return JsonValue.EMPTY_JSON_OBJECT;
        });
    }

    @GET
    @Path("extendedAgentCard")
    public Response extendedAgentCard(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http) {
        return answer(accept, http, wire -> extendedCards.apply(CallerFilter.of(http), wire.line()));
    }

    /** The 0.3 name of the extended card route, {@code GET /v1/card}. */
    @GET
    @Path("card")
    public Response card(@HeaderParam(HttpHeaders.ACCEPT) String accept, @Context HttpServletRequest http) {
        return extendedAgentCard(accept, http);
    }

    private void resubscribe(String id, String accept, String lastEventId, HttpServletRequest http,
                             AsyncResponse response) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(http);
            tasks.subscribe(wire.subscribeToTask(JsonFactory.createObjectBuilder().add("id", id).build()),
                    JsonRpcDispatcher.lastEventId(lastEventId), call(http, wire), sse(response, wire));
        } catch (RuntimeException e) {
            response.resume(RestAnswers.error(e, accept, wire));
        }
    }

    private SseStream sse(AsyncResponse response, WireFormat wire) {
        return new SseStream(response, event -> JsonValues.bytes(wire.streamEvent(event)), streams);
    }

    private Response answer(String accept, HttpServletRequest http, Function<WireFormat, JsonStructure> call) {
        WireFormat wire = WireFormat.V1;
        try {
            wire = wire(http);
            return RestAnswers.ok(call.apply(wire), accept);
        } catch (RuntimeException e) {
            return RestAnswers.error(e, accept, wire);
        }
    }

    /** Who calls, in the line of this request, for the tenant of its path prefix (see {@link RestResource}). */
    private static ServerCallContext call(HttpServletRequest http, WireFormat wire) {
        return new ServerCallContext(CallerFilter.of(http), wire.line(),
                (String) http.getAttribute(RestResource.TENANT));
    }

    /**
     * The format of this request's line.
     *
     * @throws A2AException VersionNotSupported for a version no served line speaks (answered in 1.0)
     */
    private WireFormat wire(HttpServletRequest http) {
        return WireFormat.rest(RequestedVersion.of(http).resolve(pathLine, serveV03));
    }

    /** The format errors take before the request's line is known: the line it names or its path's, if served. */
    private WireFormat pathFormat(HttpServletRequest http) {
        try {
            return wire(http);
        } catch (A2AException e) {
            return WireFormat.V1;
        }
    }
}
