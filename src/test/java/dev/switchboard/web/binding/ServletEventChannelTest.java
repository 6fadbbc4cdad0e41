package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import jakarta.servlet.AsyncContext;
import jakarta.servlet.AsyncEvent;
import jakarta.servlet.AsyncListener;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** The servlet side of an event stream, against a container that can end the request on its own. */
class ServletEventChannelTest {
    private final ByteArrayOutputStream sent = new ByteArrayOutputStream();
    private final Map<String, String> headers = new HashMap<>();
    private final List<AsyncListener> listeners = new ArrayList<>();
    private final AtomicInteger completions = new AtomicInteger();
    private int status;
    private String contentType;

    private final HttpServletResponse response = (HttpServletResponse) Proxy.newProxyInstance(
            getClass().getClassLoader(), new Class<?>[] {HttpServletResponse.class}, (proxy, method, args) ->
                    switch (method.getName()) {
                        case "setStatus" -> status = (int) args[0];
                        case "setContentType" -> contentType = (String) args[0];
                        case "setHeader" -> headers.put((String) args[0], (String) args[1]);
                        case "getOutputStream" -> new ServletOutputStream() {
                            @Override
                            public void write(int b) {
                                sent.write(b);
                            }

                            @Override
                            public boolean isReady() {
                                return true;
                            }

                            @Override
                            public void setWriteListener(WriteListener listener) {
                                throw new UnsupportedOperationException();
                            }
                        };
                        default -> throw new UnsupportedOperationException(method.getName());
                    });

    private final AsyncContext async = (AsyncContext) Proxy.newProxyInstance(getClass().getClassLoader(),
            new Class<?>[] {AsyncContext.class}, (proxy, method, args) -> switch (method.getName()) {
                case "getResponse" -> response;
                case "getRequest" -> null;
                case "addListener" -> listeners.add((AsyncListener) args[0]);
                case "complete" -> {
                    if (completions.incrementAndGet() > 1) {
                        throw new IllegalStateException("completed twice");
                    }
                    yield null;
                }
                default -> throw new UnsupportedOperationException(method.getName());
            });

    private void containerEnds() throws IOException {
        for (AsyncListener listener : listeners) {
            listener.onError(new AsyncEvent(async, new IOException("Broken pipe")));
            listener.onComplete(new AsyncEvent(async));
        }
    }

    @Test
    void aStreamIsA200EventStreamWrittenFrameByFrameAndEndedOnce() throws IOException {
        ServletEventChannel channel = new ServletEventChannel(async);
        channel.open();
        channel.write("data: {}\n\n".getBytes(StandardCharsets.UTF_8));
        channel.close();
        channel.close();
        assertEquals(200, status);
        assertEquals("text/event-stream", contentType);
        assertEquals("no-cache", headers.get("Cache-Control"));
        assertEquals("data: {}\n\n", sent.toString(StandardCharsets.UTF_8));
        assertEquals(1, completions.get(), "the request is completed once");
    }

    @Test
    void nothingIsWrittenOnceTheContainerEndedTheRequest() throws IOException {
        ServletEventChannel channel = new ServletEventChannel(async);
        channel.open();
        channel.write("data: 1\n\n".getBytes(StandardCharsets.UTF_8));
        containerEnds();
        // the container recycles the response for another request: a late event must not reach it
        assertThrows(IOException.class, () -> channel.write("data: 2\n\n".getBytes(StandardCharsets.UTF_8)));
        channel.close();
        assertEquals("data: 1\n\n", sent.toString(StandardCharsets.UTF_8));
        assertEquals(0, completions.get(), "a request the container ended is not completed again");
    }

    @Test
    void aStreamWhoseClientLeftEndsThroughTheSseStream() throws IOException {
        StreamRegistry registry = new StreamRegistry(3600);
        try {
            SseStream sse = new SseStream(new ServletEventChannel(async), event -> new byte[0], null, registry);
            AtomicInteger stopped = new AtomicInteger();
            sse.whenClosed(stopped::incrementAndGet);
            sse.single("{}".getBytes(StandardCharsets.UTF_8));
            assertEquals(1, completions.get());
            assertEquals(1, stopped.get());
            containerEnds();
            assertEquals(0, registry.size());
        } finally {
            registry.close();
        }
    }
}
