package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import jakarta.servlet.ServletContext;
import java.lang.reflect.Proxy;
import java.util.Map;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

/** gRPC is off by default on Payara, where its HTTP/2 loses a stream's last message, and only there. */
class ContainerDefaultsTest {
    private static Function<String, String> on(String serverInfo, Map<String, String> parameters) {
        ServletContext context = (ServletContext) Proxy.newProxyInstance(ContainerDefaultsTest.class.getClassLoader(),
                new Class<?>[] {ServletContext.class}, (proxy, method, args) -> switch (method.getName()) {
                    case "getServerInfo" -> serverInfo;
                    case "getInitParameter" -> parameters.get((String) args[0]);
                    default -> throw new UnsupportedOperationException(method.getName());
                });
        return SwitchboardBootstrap.containerDefaults(context);
    }

    @Test
    void payaraServesNoGrpcUnlessASettingSaysSo() {
        assertEquals("false", on("Payara Micro #badassfish 7.2025.1", Map.of()).apply("switchboard.grpc.enabled"));
        assertEquals("true", on("Payara Micro 7", Map.of("switchboard.grpc.enabled", "true"))
                .apply("switchboard.grpc.enabled"));
        assertNull(on("Payara Micro 7", Map.of()).apply("switchboard.public.url"), "other settings keep their defaults");
    }

    @Test
    void tomcatKeepsEveryDefault() {
        assertNull(on("Apache Tomcat/11.0.24", Map.of()).apply("switchboard.grpc.enabled"));
    }
}
