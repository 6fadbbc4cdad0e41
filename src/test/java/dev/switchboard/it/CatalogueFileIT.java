package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * An operator replaces the catalogue without rebuilding: the configured file is what the skill
 * answers from and what {@code /catalogue.json} serves; a malformed one stops the deployment with
 * a message naming the entry.
 */
class CatalogueFileIT {
    private static final String ENTRY = "{\"id\":\"%s\",\"name\":\"%s\",\"aliases\":[],\"kind\":\"framework\","
            + "\"languages\":[\"Python\"],\"licence\":\"MIT\",\"a2a\":\"native\",\"lines\":[\"1.0\"],"
            + "\"roles\":[\"server\"],\"bindings\":[\"JSONRPC\"],\"streaming\":true,\"setup\":\"s\","
            + "\"source\":\"https://example.org\",\"checked\":\"%s\"}";

    @TempDir
    Path temp;

    @Test
    void aConfiguredCatalogueReplacesTheBundledOne() throws Exception {
        Path file = Files.writeString(temp.resolve("catalogue.json"),
                "{\"entries\":[" + ENTRY.formatted("house-kit", "House Kit", "2026-11-01") + "]}");
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(), List.of("switchboard.catalogue.file=" + file))) {
            tomcat.start();
            Http http = new Http(tomcat.url());
            JsonObject served = Http.json(http.get("/catalogue.json"));
            assertEquals("house-kit", served.getJsonArray("entries").getJsonObject(0).getString("id"));
            JsonObject params = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                    .add("messageId", "m1").add("role", "ROLE_USER")
                    .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder()
                            .add("text", "Does House Kit support A2A?")))).build();
            JsonObject task = new JsonRpc(http).result("SendMessage", params).getJsonObject("task");
            assertTrue(task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts").getJsonObject(0)
                    .getString("text").startsWith("House Kit"));
        }
    }

    @Test
    void aMalformedCatalogueStopsTheDeploymentNamingTheEntry() throws Exception {
        Path file = Files.writeString(temp.resolve("catalogue.json"), "{\"entries\":["
                + ENTRY.formatted("good-one", "Good", "2026-11-01") + ","
                + ENTRY.formatted("bad-one", "Bad", "last tuesday") + "]}");
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(), List.of("switchboard.catalogue.file=" + file))) {
            String log = tomcat.startExpectingFailure();
            assertTrue(log.contains("Switchboard cannot start: " + file + ": entry 2 (\"bad-one\"): \"checked\" must be a date"),
                    log);
        }
    }
}
