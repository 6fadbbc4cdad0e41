package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.web.binding.GrpcRefusals;
import dev.switchboard.web.binding.RequestBodyTooLargeException;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.servlet.FilterChain;
import jakarta.servlet.http.HttpServletResponse;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RequestBodyLimitFilterTest {
    private final RequestBodyLimitFilter filter = new RequestBodyLimitFilter(10);

    private static JsonObject json(Exchange exchange) {
        return Json.createReader(new StringReader(exchange.responseBody())).readObject();
    }

    @Test
    void aDeclaredLengthOverTheLimitIsRefusedBeforeAByteIsRead() throws Exception {
        Exchange rest = new Exchange("POST", "/a2a/rest/message:send").body("{\"a\":\"0123456789\"}", true);
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(rest.request, rest.response, chain);
        assertNull(chain.passed);
        assertEquals(413, rest.status);
        assertEquals("close", rest.responseHeader("Connection"), "the unread body is not left on the connection");
        assertEquals("Request body too large: the limit is 10 bytes",
                json(rest).getJsonObject("error").getString("message"));

        Exchange overHttp2 = new Exchange("POST", "/a2a/rest/message:send").body("{\"a\":\"0123456789\"}", true);
        overHttp2.protocol = "HTTP/2.0";
        filter.doFilter(overHttp2.request, overHttp2.response, chain);
        assertEquals(413, overHttp2.status);
        assertNull(overHttp2.responseHeader("Connection"), "HTTP/2 has no Connection header; clients reject one");
        assertTrue(overHttp2.request.getInputStream().isFinished(),
                "over HTTP/2 the refused body is read first, so a client waiting to send it reads the 413");

        Exchange jsonRpc = new Exchange("POST", "/a2a/jsonrpc").body("{\"a\":\"0123456789\"}", true);
        filter.doFilter(jsonRpc.request, jsonRpc.response, chain);
        assertEquals(413, jsonRpc.status);
        assertEquals("2.0", json(jsonRpc).getString("jsonrpc"), "the JSON-RPC endpoint answers a JSON-RPC error");
    }

    @Test
    void aGrpcCallOverTheLimitIsResourceExhaustedAndOneWithinIsReadByGrpcItself() throws Exception {
        Exchange large = new Exchange("POST", "/lf.a2a.v1.A2AService/SendMessage")
                .header("Content-Type", "application/grpc").body("0123456789abcdef", true);
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(large.request, large.response, chain);
        assertNull(chain.passed);
        assertEquals("8", large.trailers.get().get("grpc-status"), "RESOURCE_EXHAUSTED, as gRPC says of a large message");

        Exchange streamed = new Exchange("POST", "/lf.a2a.v1.A2AService/SendMessage")
                .header("Content-Type", "application/grpc+proto").body("0123456789abcdef", false);
        filter.doFilter(streamed.request, streamed.response, chain);
        assertEquals(streamed.request, chain.passed, "gRPC reads asynchronously and bounds each message itself");
    }

    /** A chain that refuses: an error status, as a filter or Jersey sets it, before any byte. */
    private static final FilterChain REFUSES = (request, response) -> {
        ((HttpServletResponse) response).setStatus(401);
        response.getOutputStream().write('x');
    };

    @Test
    void overHttp2ARefusalReadsTheRestOfTheBodyBeforeItsFirstByte() throws Exception {
        Exchange refused = new Exchange("POST", "/a2a/jsonrpc").body("0123456789", true);
        refused.protocol = "HTTP/2.0";
        List<Boolean> readFirst = new ArrayList<>();
        filter.doFilter(refused.request, refused.response, (request, response) -> {
            ((HttpServletResponse) response).setStatus(404);
            readFirst.add(refused.request.getInputStream().isFinished());
        });
        assertEquals(List.of(true), readFirst, "a client still sending reads the answer rather than a reset");

        Exchange sent = new Exchange("POST", "/a2a/jsonrpc").body("0123456789", true);
        sent.protocol = "HTTP/2.0";
        filter.doFilter(sent.request, sent.response, (request, response) -> {
            ((HttpServletResponse) response).sendError(405);
        });
        assertTrue(sent.request.getInputStream().isFinished());

        Exchange answered = new Exchange("POST", "/a2a/jsonrpc").body("0123456789", true);
        answered.protocol = "HTTP/2.0";
        filter.doFilter(answered.request, answered.response, (request, response) ->
                ((HttpServletResponse) response).setStatus(200));
        assertFalse(answered.request.getInputStream().isFinished(), "an answer that is no refusal reads nothing");

        Exchange http1 = new Exchange("POST", "/a2a/jsonrpc").body("0123456789", true);
        filter.doFilter(http1.request, http1.response, REFUSES);
        assertFalse(http1.request.getInputStream().isFinished(), "Tomcat reads the rest itself over HTTP/1.1");

        Exchange suspended = new Exchange("POST", "/a2a/jsonrpc").body("0123456789", true);
        suspended.protocol = "HTTP/2.0";
        suspended.asyncStarted = true;
        filter.doFilter(suspended.request, suspended.response, REFUSES);
        assertTrue(suspended.request.getInputStream().isFinished(), "an answer given asynchronously reads it too");

        Exchange endless = new Exchange("POST", "/a2a/jsonrpc").body("x".repeat(100), false);
        endless.protocol = "HTTP/2.0";
        filter.doFilter(endless.request, endless.response, REFUSES);
        assertEquals(100 - 10, endless.request.getInputStream().readAllBytes().length, "at most the limit is read");
    }

    @Test
    void overHttp2ARefusedGrpcCallsBodyIsReadBeforeItsTrailers() throws Exception {
        Exchange refused = new Exchange("POST", "/lf.a2a.v1.A2AService/SendMessage")
                .header("Content-Type", "application/grpc").body("012345", true);
        refused.protocol = "HTTP/2.0";
        filter.doFilter(refused.request, refused.response, (request, response) -> GrpcRefusals.send(
                (HttpServletResponse) response, 401, "no", "UNAUTHENTICATED", "test"));
        assertEquals("16", refused.trailers.get().get("grpc-status"));
        assertTrue(refused.request.getInputStream().isFinished());

        Exchange call = new Exchange("POST", "/lf.a2a.v1.A2AService/SendMessage")
                .header("Content-Type", "application/grpc").body("012345", true);
        call.protocol = "HTTP/2.0";
        call.asyncStarted = true;
        filter.doFilter(call.request, call.response, (request, response) -> GrpcRefusals.send(
                (HttpServletResponse) response, 404, "no", "TASK_NOT_FOUND", "test"));
        assertFalse(call.request.getInputStream().isFinished(), "gRPC's own listener reads a running call's body");

        Exchange large = new Exchange("POST", "/lf.a2a.v1.A2AService/SendMessage")
                .header("Content-Type", "application/grpc").body("0123456789abcdef", true);
        large.protocol = "HTTP/2.0";
        filter.doFilter(large.request, large.response, new Exchange.Chain());
        assertEquals("8", large.trailers.get().get("grpc-status"));
        assertTrue(large.request.getInputStream().isFinished(), "a body over the limit is read before the 413 too");
    }

    @Test
    void aBodyOfUndeclaredLengthIsCountedAsItIsRead() throws Exception {
        Exchange chunked = new Exchange("POST", "/a2a/jsonrpc").header("Transfer-Encoding", "chunked")
                .body("01234567890123", false);
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(chunked.request, chunked.response, chain);
        assertNotNull(chain.passed);
        RequestBodyTooLargeException e = assertThrows(RequestBodyTooLargeException.class,
                () -> chain.passed.getInputStream().readAllBytes());
        assertEquals("Request body too large: the limit is 10 bytes", e.getMessage());

        Exchange small = new Exchange("POST", "/a2a/jsonrpc").header("Transfer-Encoding", "chunked")
                .body("0123456789", false);
        filter.doFilter(small.request, small.response, chain);
        assertArrayEquals("0123456789".getBytes(StandardCharsets.UTF_8), chain.passed.getInputStream().readAllBytes());
    }

    @Test
    void aBodyWithNeitherLengthNorTransferEncodingIsCountedToo() throws Exception {
        // HTTP/2 has no Transfer-Encoding: a body of unknown length arrives without either header
        Exchange http2 = new Exchange("POST", "/a2a/rest/message:send").body("01234567890123", false);
        Exchange.Chain chain = new Exchange.Chain();
        filter.doFilter(http2.request, http2.response, chain);
        assertThrows(RequestBodyTooLargeException.class, () -> chain.passed.getInputStream().readAllBytes());
    }
}
