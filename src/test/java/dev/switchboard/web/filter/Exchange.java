package dev.switchboard.web.filter;

import jakarta.servlet.FilterChain;
import jakarta.servlet.ReadListener;
import jakarta.servlet.ServletInputStream;
import jakarta.servlet.ServletOutputStream;
import jakarta.servlet.WriteListener;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.lang.reflect.Proxy;
import java.nio.charset.StandardCharsets;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * One HTTP exchange for a filter or a servlet, without a container: a request with a method, a
 * path, headers, attributes and a body, and a response that keeps its status, headers and body.
 * Only what the filters and servlets under test use is answered; anything else fails loudly, so a
 * test never passes on a default.
 */
public final class Exchange {
    final Map<String, List<String>> requestHeaders = new LinkedHashMap<>();
    final Map<String, Object> attributes = new HashMap<>();
    final Map<String, List<String>> responseHeaders = new LinkedHashMap<>();
    final ByteArrayOutputStream body = new ByteArrayOutputStream();
    public final HttpServletRequest request;
    public final HttpServletResponse response;
    int status = 200;
    String contentType;
    boolean committed;
    /** The trailer fields the response was given, or null. */
    java.util.function.Supplier<Map<String, String>> trailers;
    /** The status sent through {@code sendError}, or 0. */
    int errorSent;
    String remoteAddr = "192.0.2.1";
    String protocol = "HTTP/1.1";
    boolean asyncStarted;
    /** The request body's stream, one per request as a container gives it. */
    private ServletInputStream input;
    String query;
    String method;
    byte[] requestBody = new byte[0];
    long declaredLength = -1;

    public Exchange(String method, String path) {
        this.method = method;
        request = (HttpServletRequest) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "getMethod" -> this.method;
                    case "getProtocol" -> protocol;
                    case "isAsyncStarted" -> asyncStarted;
                    case "getServletPath" -> path;
                    case "getPathInfo" -> null;
                    case "getRequestURI" -> path;
                    case "getContextPath" -> "";
                    case "getQueryString" -> query;
                    case "getRemoteAddr" -> remoteAddr;
                    case "getHeader" -> first(requestHeaders, (String) args[0]);
                    case "getHeaders" -> Collections.enumeration(all(requestHeaders, (String) args[0]));
                    case "getHeaderNames" -> Collections.enumeration(new ArrayList<>(requestHeaders.keySet()));
                    case "getDateHeader" -> -1L;
                    case "getCookies" -> cookies();
                    case "isSecure" -> false;
                    case "getAttribute" -> attributes.get((String) args[0]);
                    case "setAttribute" -> attributes.put((String) args[0], args[1]);
                    case "getContentLengthLong" -> declaredLength;
                    case "getContentType" -> first(requestHeaders, "Content-Type");
                    case "getInputStream" -> {
                        if (input == null) {
                            input = input(requestBody);
                        }
                        yield input;
                    }
                    case "toString" -> method + " " + path;
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> throw new UnsupportedOperationException("request." + m.getName());
                });
        response = (HttpServletResponse) Proxy.newProxyInstance(getClass().getClassLoader(),
                new Class<?>[] {HttpServletResponse.class}, (proxy, m, args) -> switch (m.getName()) {
                    case "setStatus" -> status = (int) args[0];
                    case "getStatus" -> status;
                    case "setHeader" -> responseHeaders.put(key((String) args[0]), new ArrayList<>(List.of((String) args[1])));
                    case "addHeader" -> responseHeaders.computeIfAbsent(key((String) args[0]), k -> new ArrayList<>())
                            .add((String) args[1]);
                    case "setDateHeader" -> responseHeaders.put(key((String) args[0]), new ArrayList<>(List.of(
                            DateTimeFormatter.RFC_1123_DATE_TIME.format(Instant.ofEpochMilli((long) args[1])
                                    .atOffset(ZoneOffset.UTC)))));
                    case "getHeader" -> first(responseHeaders, (String) args[0]);
                    case "getHeaders" -> all(responseHeaders, (String) args[0]);
                    case "containsHeader" -> responseHeaders.containsKey(key((String) args[0]));
                    case "setContentType" -> contentType = (String) args[0];
                    case "getContentType" -> contentType;
                    case "setContentLength", "setContentLengthLong", "flushBuffer" -> null;
                    case "isCommitted" -> committed;
                    case "resetBuffer" -> {
                        body.reset();
                        yield null;
                    }
                    case "reset" -> {
                        body.reset();
                        responseHeaders.clear();
                        yield null;
                    }
                    case "sendError" -> errorSent = (int) args[0];
                    case "setTrailerFields" -> {
                        @SuppressWarnings("unchecked")
                        java.util.function.Supplier<Map<String, String>> given =
                                (java.util.function.Supplier<Map<String, String>>) args[0];
                        trailers = given;
                        yield null;
                    }
                    case "getOutputStream" -> output();
                    case "toString" -> "response";
                    case "equals" -> proxy == args[0];
                    case "hashCode" -> System.identityHashCode(proxy);
                    default -> throw new UnsupportedOperationException("response." + m.getName());
                });
    }

    Exchange header(String name, String value) {
        requestHeaders.computeIfAbsent(key(name), k -> new ArrayList<>()).add(value);
        return this;
    }

    Exchange body(String text, boolean declared) {
        requestBody = text.getBytes(StandardCharsets.UTF_8);
        declaredLength = declared ? requestBody.length : -1;
        return this;
    }

    private jakarta.servlet.http.Cookie[] cookies() {
        String header = first(requestHeaders, "Cookie");
        if (header == null) {
            return null;
        }
        return java.util.Arrays.stream(header.split(";")).map(String::trim).filter(pair -> pair.contains("="))
                .map(pair -> new jakarta.servlet.http.Cookie(pair.substring(0, pair.indexOf('=')),
                        pair.substring(pair.indexOf('=') + 1)))
                .toArray(jakarta.servlet.http.Cookie[]::new);
    }

    /** The response's status, 200 unless one was set. */
    public int status() {
        return status;
    }

    public String responseHeader(String name) {
        return first(responseHeaders, name);
    }

    public String responseBody() {
        return body.toString(StandardCharsets.UTF_8);
    }

    /** A chain that records whether the request went on, and the request it went on with. */
    static final class Chain implements FilterChain {
        HttpServletRequest passed;

        @Override
        public void doFilter(jakarta.servlet.ServletRequest request, jakarta.servlet.ServletResponse response) {
            passed = (HttpServletRequest) request;
        }
    }

    private static String key(String name) {
        return name.toLowerCase(Locale.ROOT);
    }

    private static String first(Map<String, List<String>> headers, String name) {
        List<String> values = headers.get(key(name));
        return values == null || values.isEmpty() ? null : values.get(0);
    }

    private static List<String> all(Map<String, List<String>> headers, String name) {
        return headers.getOrDefault(key(name), List.of());
    }

    private ServletOutputStream output() {
        return new ServletOutputStream() {
            @Override
            public void write(int b) {
                committed = true;
                body.write(b);
            }

            @Override
            public void write(byte[] bytes, int offset, int length) {
                committed = true;
                body.write(bytes, offset, length);
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
    }

    private static ServletInputStream input(byte[] bytes) {
        ByteArrayInputStream in = new ByteArrayInputStream(bytes);
        return new ServletInputStream() {
            @Override
            public int read() {
                return in.read();
            }

            @Override
            public int read(byte[] buffer, int offset, int length) {
                return in.read(buffer, offset, length);
            }

            @Override
            public boolean isFinished() {
                return in.available() == 0;
            }

            @Override
            public boolean isReady() {
                return true;
            }

            @Override
            public void setReadListener(ReadListener listener) {
                throw new UnsupportedOperationException();
            }
        };
    }
}
