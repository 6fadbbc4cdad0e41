package dev.switchboard.card;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.config.RequestLimits;
import dev.switchboard.config.PushSettings;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.ByteArrayInputStream;
import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The endpoints the card lists, with and without the 0.3 line. */
class ServedInterfacesTest {
    private static Settings settings(boolean serveV03) {
        return settings(serveV03, null);
    }

    private static Settings settings(boolean serveV03, dev.switchboard.config.GrpcSettings grpc) {
        return new Settings(URI.create("https://agent.example.com"), Path.of("/tmp"), "Agent", "Does things", null,
                null, null, null, "1.0.0", List.of("text/plain"), Duration.ofSeconds(300), 4096, "jdbc:h2:mem:test",
                null, null, null, "local", 4, Duration.ofSeconds(15), null, null, null, RequestLimits.DEFAULT, null, null,
                true, null, null, serveV03, PushSettings.DEFAULT, true, null, grpc, null, null, null, null);
    }

    @Test
    void the03EndpointsFollowThe10OnesAtTheSameUrls() {
        List<AgentInterface> interfaces = PublishedCard.interfaces(settings(true));
        assertEquals(List.of(
                new AgentInterface("https://agent.example.com/a2a/jsonrpc", "JSONRPC", ProtocolVersion.V1_0),
                new AgentInterface("https://agent.example.com/a2a/rest", "HTTP+JSON", ProtocolVersion.V1_0),
                new AgentInterface("agent.example.com:443", "GRPC", ProtocolVersion.V1_0),
                new AgentInterface("https://agent.example.com/a2a/jsonrpc", "JSONRPC", ProtocolVersion.V0_3),
                new AgentInterface("https://agent.example.com/a2a/rest", "HTTP+JSON", ProtocolVersion.V0_3),
                new AgentInterface("agent.example.com:443", "GRPC", ProtocolVersion.V0_3)),
                interfaces);
        JsonObject discovery = read(AgentCardDocuments.render(card(settings(true))).forVersion(null));
        assertEquals("https://agent.example.com/a2a/jsonrpc", discovery.getString("url"));
        assertEquals("0.3.0", discovery.getString("protocolVersion"));
        assertEquals(List.of("JSONRPC", "HTTP+JSON", "GRPC"), discovery.getJsonArray("additionalInterfaces")
                .getValuesAs(JsonObject.class).stream().map(i -> i.getString("transport")).toList());
    }

    @Test
    void grpcIsListedAtItsOwnAuthorityOrNotAtAll() {
        List<AgentInterface> elsewhere = PublishedCard.interfaces(settings(false,
                new dev.switchboard.config.GrpcSettings(true, "grpc.example.com:8443", false)));
        assertEquals(new AgentInterface("grpc.example.com:8443", "GRPC", ProtocolVersion.V1_0), elsewhere.get(2));
        assertEquals(List.of("JSONRPC", "HTTP+JSON"), PublishedCard.interfaces(settings(true,
                new dev.switchboard.config.GrpcSettings(false, null, false))).stream().filter(i -> i.protocolVersion()
                == ProtocolVersion.V1_0).map(AgentInterface::protocolBinding).toList());
    }

    @Test
    void withThe03LineOffTheCardSpeaksOf10Only() {
        Settings off = settings(false);
        assertEquals(List.of(ProtocolVersion.V1_0, ProtocolVersion.V1_0, ProtocolVersion.V1_0),
                PublishedCard.interfaces(off).stream()
                .map(AgentInterface::protocolVersion).toList());
        JsonObject discovery = read(AgentCardDocuments.render(card(off)).forVersion(null));
        assertFalse(discovery.containsKey("url"));
        assertFalse(discovery.containsKey("protocolVersion"));
        assertFalse(discovery.containsKey("additionalInterfaces"));
        assertNull(discovery.get("preferredTransport"));
    }

    private static dev.switchboard.protocol.AgentCard card(Settings settings) {
        return AgentCardFactory.build(settings, PublishedCard.interfaces(settings), AgentCapabilities.none(),
                List.of());
    }

    private static JsonObject read(byte[] bytes) {
        try (var reader = Json.createReader(new ByteArrayInputStream(bytes))) {
            return reader.readObject();
        }
    }
}
