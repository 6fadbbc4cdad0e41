package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.testing.LogCapture;
import dev.switchboard.web.filter.Exchange;
import jakarta.servlet.RequestDispatcher;
import jakarta.servlet.ServletException;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.logging.Level;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** What the container's error page answers and logs for a failure that reached it. */
class ErrorPageServletTest {
    private static final String GRPC_PATH = "/lf.a2a.v1.A2AService/SendMessage";
    private LogCapture log;

    @BeforeEach
    void listen() {
        log = LogCapture.of(ErrorPageServlet.class.getName());
    }

    @AfterEach
    void stopListening() {
        log.close();
    }

    private Exchange failed(Throwable failure) throws Exception {
        Exchange exchange = new Exchange("POST", "/_error");
        exchange.request.setAttribute(RequestDispatcher.ERROR_REQUEST_URI, GRPC_PATH);
        exchange.request.setAttribute(RequestDispatcher.ERROR_STATUS_CODE, 500);
        exchange.request.setAttribute(RequestDispatcher.ERROR_EXCEPTION, failure);
        new ErrorPageServlet().service(exchange.request, exchange.response);
        return exchange;
    }

    @Test
    void aStreamTheClientResetIsNoIncident() throws Exception {
        Exchange exchange = failed(new IOException("Client reset the stream before the request was fully read"));
        assertEquals(400, exchange.status());
        assertFalse(exchange.responseBody().contains("incident"), exchange.responseBody());
        assertTrue(log.warnings().isEmpty(), "nothing is logged above FINE for the client's own reset");
    }

    @Test
    void aConnectionFailureTheContainerWrappedIsNoIncidentEither() throws Exception {
        Exchange exchange = failed(new ServletException(new IOException("Connection reset by peer")));
        assertEquals(400, exchange.status());
        assertTrue(log.warnings().isEmpty());
    }

    @Test
    void anyOtherFailureIsAnIncidentWithItsStackInTheLogOnly() throws Exception {
        Exchange exchange = failed(new IllegalStateException("a bug"));
        assertEquals(500, exchange.status());
        assertTrue(exchange.responseBody().contains("(incident "), exchange.responseBody());
        assertFalse(exchange.responseBody().contains("a bug"), "the client learns nothing of the internals");
        assertEquals(1, log.warnings().size());
        assertEquals(Level.SEVERE, log.warnings().get(0).getLevel());
    }

    @Test
    void aFailingFileOfTheServersOwnIsStillAnIncident() throws Exception {
        Exchange exchange = failed(new UncheckedIOException(new IOException("disk full")));
        assertEquals(500, exchange.status());
        assertEquals(1, log.warnings().size());
    }

    @Test
    void aBodyOverTheLimitIs413EvenThoughItIsAnIOException() throws Exception {
        Exchange exchange = failed(new ServletException(
                new dev.switchboard.web.binding.RequestBodyTooLargeException("Request body too large: the limit is 10 bytes")));
        assertEquals(413, exchange.status());
        assertTrue(exchange.responseBody().contains("the limit is 10 bytes"), exchange.responseBody());
        assertTrue(log.warnings().isEmpty());
    }
}
