package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.servlet.http.HttpServletRequest;
import java.lang.reflect.Proxy;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CallHeadersTest {
    /** A request with these headers, each name with its values, and nothing else. */
    private static HttpServletRequest with(Map<String, List<String>> headers) {
        return (HttpServletRequest) Proxy.newProxyInstance(CallHeadersTest.class.getClassLoader(),
                new Class<?>[] {HttpServletRequest.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getHeaderNames" -> Collections.enumeration(headers.keySet());
                    case "getHeaders" -> Collections.enumeration(headers.getOrDefault((String) args[0], List.of()));
                    default -> throw new UnsupportedOperationException(method.getName());
                });
    }

    @Test
    void timeoutsAndBinaryValuesAsGrpcWritesThemAreRead() {
        for (String timeout : List.of("1S", "99999999n", "0m", "30H", "5M", "250u")) {
            assertEquals(Optional.empty(), CallHeaders.unreadable(with(Map.of("grpc-timeout", List.of(timeout)))),
                    timeout);
        }
        assertEquals(Optional.empty(), CallHeaders.unreadable(with(Map.of("x-trace-bin", List.of("AQID", "AQI=")))));
        assertEquals(Optional.empty(), CallHeaders.unreadable(with(Map.of())));
    }

    @Test
    void whatGrpcServletCouldNotReadIsNamed() {
        for (String timeout : List.of("abc", "", "1", "S", "123456789S", "+5S", "1.5S", "10s", "1 S")) {
            Optional<String> why = CallHeaders.unreadable(with(Map.of("grpc-timeout", List.of("1S", timeout))));
            assertTrue(why.orElseThrow().startsWith("The grpc-timeout metadata is not a gRPC timeout"), timeout);
        }
        assertEquals(Optional.of("The binary metadata x-trace-bin is not base64"),
                CallHeaders.unreadable(with(Map.of("x-trace-bin", List.of("AQID", "!!")))));
    }
}
