package dev.switchboard.web.rest;

import dev.switchboard.card.ExtendedCard;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.Answer;
import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import dev.switchboard.web.binding.Tenants;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.DELETE;
import jakarta.ws.rs.GET;
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

/**
 * Where the HTTP+JSON routes meet Jakarta REST, mounted several times: under {@code /a2a/rest},
 * the endpoint the card names ({@link RestResource}), at the origin root
 * ({@link OriginRestResource}) for clients that resolve routes against the origin, and the 0.3
 * routes under {@code /v1} of both ({@link V03RestResource}). Each route reads the call, lets
 * {@link RestBinding} answer it and hands the answer to the writer.
 */
@Consumes(MediaType.WILDCARD)
public abstract class RestRoutes {
    private final RestBinding binding;
    private final AnswerWriter writer;

    RestRoutes(RestBinding binding, AnswerWriter writer) {
        this.binding = binding;
        this.writer = writer;
    }

    /**
     * Every mount of the routes, as resources to register: the endpoint (with its tenant prefix),
     * the origin, and the 0.3 routes under both.
     */
    public static List<RestRoutes> mounts(TaskService tasks, ExtendedCard extendedCard, Tenants tenants,
                                          AnswerWriter writer, boolean serveV03, Operations operations) {
        RestBinding v1 = new RestBinding(tasks, extendedCard, ProtocolVersion.V1_0, serveV03, operations);
        RestBinding v03 = new RestBinding(tasks, extendedCard, ProtocolVersion.V0_3, serveV03, operations);
        return List.of(new RestResource(v1, writer, tenants), new OriginRestResource(v1, writer),
                new V03RestResource(v03, writer), new V03RestResource.AtOrigin(v03, writer));
    }

    @POST
    @Path("message:send")
    public void send(@Context HttpServletRequest http, InputStream body, @Suspended AsyncResponse response) {
        writer.resume(response, http.getAsyncContext(), binding.send(call(http, null, body)));
    }

    @POST
    @Path("message:stream")
    public void stream(@Context HttpServletRequest http, InputStream body, @Suspended AsyncResponse response) {
        writer.write(response, http.getAsyncContext(), binding.stream(call(http, null, body)));
    }

    @GET
    @Path("tasks/{id}")
    public Response get(@PathParam("id") String id, @Context HttpServletRequest http, @Context UriInfo uri) {
        return body(binding.get(call(http, uri, null), id));
    }

    @GET
    @Path("tasks")
    public Response list(@Context HttpServletRequest http, @Context UriInfo uri) {
        return body(binding.list(call(http, uri, null)));
    }

    @POST
    @Path("tasks/{id}:cancel")
    public Response cancel(@PathParam("id") String id, @Context HttpServletRequest http, InputStream body) {
        return body(binding.cancel(call(http, null, body), id));
    }

    @GET
    @Path("tasks/{id}:subscribe")
    public void subscribe(@PathParam("id") String id, @Context HttpServletRequest http,
                          @Suspended AsyncResponse response) {
        writer.write(response, http.getAsyncContext(), binding.subscribe(call(http, null, null), id, false));
    }

    @POST
    @Path("tasks/{id}:subscribe")
    public void subscribeByPost(@PathParam("id") String id, @Context HttpServletRequest http, InputStream body,
                                @Suspended AsyncResponse response) {
        writer.write(response, http.getAsyncContext(), binding.subscribe(call(http, null, body), id, true));
    }

    @POST
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response createPushConfig(@PathParam("taskId") String taskId, @Context HttpServletRequest http,
                                     InputStream body) {
        return body(binding.createPushConfig(call(http, null, body), taskId));
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs")
    public Response listPushConfigs(@PathParam("taskId") String taskId, @Context HttpServletRequest http,
                                    @Context UriInfo uri) {
        return body(binding.listPushConfigs(call(http, uri, null), taskId));
    }

    @GET
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response getPushConfig(@PathParam("taskId") String taskId, @PathParam("configId") String configId,
                                  @Context HttpServletRequest http) {
        return body(binding.getPushConfig(call(http, null, null), taskId, configId));
    }

    @DELETE
    @Path("tasks/{taskId}/pushNotificationConfigs/{configId}")
    public Response deletePushConfig(@PathParam("taskId") String taskId, @PathParam("configId") String configId,
                                     @Context HttpServletRequest http) {
        return body(binding.deletePushConfig(call(http, null, null), taskId, configId));
    }

    @GET
    @Path("extendedAgentCard")
    public Response extendedAgentCard(@Context HttpServletRequest http) {
        return body(binding.extendedCard(call(http, null, null)));
    }

    /** The 0.3 name of the extended card route, {@code GET /v1/card}. */
    @GET
    @Path("card")
    public Response card(@Context HttpServletRequest http) {
        return extendedAgentCard(http);
    }

    private static RestCall call(HttpServletRequest http, UriInfo uri, InputStream body) {
        return new RestCall(http.getHeader(HttpHeaders.ACCEPT), RequestScope.requestedVersion(http),
                RequestScope.caller(http), RequestScope.clientAddress(http), (String) http.getAttribute(RestResource.TENANT),
                http.getHeader(HttpHeaders.CONTENT_TYPE),
                http.getHeader(HttpNames.CONTENT_ENCODING), http.getHeader(HttpNames.LAST_EVENT_ID),
                uri == null ? null : uri.getQueryParameters(false), body, RequestScope.extensions(http),
                http.getHeader(HttpNames.TRACEPARENT));
    }

    private static Response body(Answer.Body answer) {
        return AnswerWriter.response(answer);
    }
}
