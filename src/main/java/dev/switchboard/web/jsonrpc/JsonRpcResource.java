package dev.switchboard.web.jsonrpc;

import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.container.Suspended;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.MediaType;
import java.io.InputStream;

/**
 * Where the JSON-RPC binding meets Jakarta REST: {@code POST /a2a/jsonrpc} and, for clients that
 * post to the agent's origin, {@code POST /}. Reads the call, lets {@link JsonRpcDispatcher}
 * answer it and hands the answer to the writer; no request thread waits for an agent.
 */
@Path("")
public final class JsonRpcResource {
    private final JsonRpcDispatcher dispatcher;
    private final AnswerWriter writer;

    public JsonRpcResource(JsonRpcDispatcher dispatcher, AnswerWriter writer) {
        this.dispatcher = dispatcher;
        this.writer = writer;
    }

    @POST
    @Consumes(MediaType.WILDCARD)
    public void atRoot(@Context HttpServletRequest http, InputStream body, @Suspended AsyncResponse response) {
        call(http, body, response);
    }

    @POST
    @Path("a2a/jsonrpc")
    @Consumes(MediaType.WILDCARD)
    public void atEndpoint(@Context HttpServletRequest http, InputStream body, @Suspended AsyncResponse response) {
        call(http, body, response);
    }

    private void call(HttpServletRequest http, InputStream body, AsyncResponse response) {
        JsonRpcCall call = new JsonRpcCall(http.getHeader(HttpHeaders.CONTENT_TYPE),
                http.getHeader(HttpNames.CONTENT_ENCODING), http.getHeader(HttpHeaders.ACCEPT),
                http.getHeader(HttpNames.LAST_EVENT_ID), RequestScope.requestedVersion(http),
                RequestScope.extensions(http), RequestScope.caller(http), RequestScope.clientAddress(http), body,
                http.getHeader(HttpNames.TRACEPARENT));
        writer.resume(response, http.getAsyncContext(), dispatcher.answer(call));
    }
}
