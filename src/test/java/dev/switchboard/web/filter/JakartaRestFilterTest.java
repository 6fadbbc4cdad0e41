package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.Filter;
import jakarta.servlet.FilterChain;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletRequest;
import jakarta.servlet.ServletResponse;
import jakarta.servlet.http.HttpServletMapping;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.lang.reflect.Proxy;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/** Jersey starting in the background: who waits for it, who does not, and what a caller sees when it cannot start. */
class JakartaRestFilterTest {
    private final List<String> handled = new CopyOnWriteArrayList<>();
    private final Map<String, Object> answered = new ConcurrentHashMap<>();
    private final FilterChain chain = (request, response) -> handled.add("servlet");

    @Test
    void theCardIsServedWhileJerseyIsStillStarting() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        JakartaRestFilter filter = startingUntil(release, Duration.ofSeconds(5));

        filter.doFilter(request("agent-card"), response(), chain);

        assertEquals(List.of("servlet"), handled, "the card servlet answered without Jersey");
        release.countDown();
    }

    @Test
    void anApiCallWaitsForJerseyAndIsThenHandedToIt() throws Exception {
        CountDownLatch release = new CountDownLatch(1);
        JakartaRestFilter filter = startingUntil(release, Duration.ofSeconds(5));
        Thread call = new Thread(() -> {
            try {
                filter.doFilter(request("default"), response(), chain);
            } catch (Exception e) {
                handled.add("failed: " + e);
            }
        });
        call.start();
        Thread.sleep(100);
        assertTrue(handled.isEmpty(), "the call waits while Jersey starts");

        release.countDown();
        call.join(5000);
        assertEquals(List.of("jersey"), handled);
        assertFalse(answered.containsKey("status"));
    }

    @Test
    void aJerseyThatCannotStartAnswers503() throws Exception {
        JakartaRestFilter filter = new JakartaRestFilter(() -> {
            throw new IllegalStateException("broken application");
        }, Duration.ofSeconds(5));
        filter.init(config());

        filter.doFilter(request("default"), response(), chain);

        assertEquals(503, answered.get("status"));
        assertEquals("5", answered.get("Retry-After"));
        assertTrue(handled.isEmpty());

        // and every later call, when the failure is long known
        answered.clear();
        filter.doFilter(request("default"), response(), chain);
        assertEquals(503, answered.get("status"));
        assertTrue(handled.isEmpty());
    }

    @Test
    void aCallGivesUpAfterItsPatience() throws Exception {
        CountDownLatch never = new CountDownLatch(1);
        JakartaRestFilter filter = startingUntil(never, Duration.ofMillis(50));

        filter.doFilter(request("default"), response(), chain);

        assertEquals(503, answered.get("status"));
        never.countDown();
    }

    @Test
    void aBareErrorStatusFromJerseyGetsTheBindingsErrorBody() throws Exception {
        JakartaRestFilter filter = new JakartaRestFilter(() -> (request, response, next) ->
                ((HttpServletResponse) response).setStatus(400), Duration.ofSeconds(5));
        filter.init(config());
        Map<String, Object> state = new ConcurrentHashMap<>();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();

        filter.doFilter(request("default", "POST", "/a2a/jsonrpc"), recording(state, body), chain);

        assertEquals(400, state.get("status"));
        assertEquals("application/json", state.get("contentType"));
        String json = body.toString(java.nio.charset.StandardCharsets.UTF_8);
        assertTrue(json.startsWith("{\"jsonrpc\":\"2.0\",\"id\":null,\"error\":{\"code\":-32600"), json);
    }

    @Test
    void anErrorWithABodyIsLeftAsItIs() throws Exception {
        JakartaRestFilter filter = new JakartaRestFilter(() -> (request, response, next) -> {
            ((HttpServletResponse) response).setStatus(404);
            response.setContentType("application/json");
        }, Duration.ofSeconds(5));
        filter.init(config());
        Map<String, Object> state = new ConcurrentHashMap<>();
        java.io.ByteArrayOutputStream body = new java.io.ByteArrayOutputStream();

        filter.doFilter(request("default", "GET", "/a2a/rest/tasks/x"), recording(state, body), chain);

        assertEquals(0, body.size(), "the resource's own answer stands");
    }

    private static HttpServletRequest request(String servletName, String method, String path) {
        HttpServletMapping mapping = fake(HttpServletMapping.class,
                (name, args) -> name.equals("getServletName") ? servletName : null);
        return fake(HttpServletRequest.class, (name, args) -> switch (name) {
            case "getHttpServletMapping" -> mapping;
            case "getMethod" -> method;
            case "getServletPath" -> path;
            case "isAsyncStarted" -> false;
            default -> null;
        });
    }

    /** A response that keeps its status, content type and body, as a container's does. */
    private static HttpServletResponse recording(Map<String, Object> state, java.io.OutputStream body) {
        jakarta.servlet.ServletOutputStream out = new jakarta.servlet.ServletOutputStream() {
            @Override
            public void write(int b) throws java.io.IOException {
                body.write(b);
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setWriteListener(jakarta.servlet.WriteListener listener) {
            }
        };
        return fake(HttpServletResponse.class, (name, args) -> switch (name) {
            case "setStatus" -> state.put("status", args[0]);
            case "getStatus" -> state.getOrDefault("status", 200);
            case "setContentType" -> state.put("contentType", args[0]);
            case "getContentType" -> state.get("contentType");
            case "isCommitted" -> false;
            case "getOutputStream" -> out;
            default -> null;
        });
    }

    /** A filter whose Jersey finishes starting when {@code release} opens. */
    private JakartaRestFilter startingUntil(CountDownLatch release, Duration patience) {
        JakartaRestFilter filter = new JakartaRestFilter(() -> {
            await(release);
            return jersey();
        }, patience);
        filter.init(config());
        return filter;
    }

    private Filter jersey() {
        return new Filter() {
            @Override
            public void doFilter(ServletRequest request, ServletResponse response, FilterChain next) {
                handled.add("jersey");
            }
        };
    }

    private static void await(CountDownLatch latch) {
        try {
            latch.await(10, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static FilterConfig config() {
        return fake(FilterConfig.class, (name, args) -> null);
    }

    private static HttpServletRequest request(String servletName) {
        HttpServletMapping mapping = fake(HttpServletMapping.class,
                (name, args) -> name.equals("getServletName") ? servletName : null);
        return fake(HttpServletRequest.class, (name, args) -> name.equals("getHttpServletMapping") ? mapping : null);
    }

    private HttpServletResponse response() {
        return fake(HttpServletResponse.class, (name, args) -> {
            switch (name) {
                case "setHeader" -> answered.put((String) args[0], args[1]);
                case "sendError" -> answered.put("status", args[0]);
                case "getStatus" -> {
                    return 200;
                }
                default -> { }
            }
            return null;
        });
    }

    private interface Answer {
        Object answer(String method, Object[] args);
    }

    private static <T> T fake(Class<T> type, Answer answer) {
        return type.cast(Proxy.newProxyInstance(type.getClassLoader(), new Class<?>[] {type},
                (proxy, method, args) -> answer.answer(method.getName(), args)));
    }
}
