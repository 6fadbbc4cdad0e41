package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URL;
import java.net.http.HttpResponse;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The installed skills on a real Tomcat: the card lists them, routing reaches them, their examples work. */
class SkillsIT extends OnTomcat {

    private static JsonObject question(String text) {
        return Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", java.util.UUID.randomUUID().toString()).add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", text)))).build();
    }

    private JsonObject card() {
        return Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"));
    }

    @Test
    void theCardListsTheBundledSkillAndTheOneFromTheTestJar() {
        List<String> ids = card().getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .map(skill -> skill.getString("id")).toList();
        assertTrue(ids.contains("a2a-catalogue"), ids.toString());
        assertTrue(ids.contains("echo"), "a skill from a jar in WEB-INF/lib appears: " + ids);
    }

    @Test
    void everyCatalogueExampleWorksVerbatim() {
        JsonObject catalogue = card().getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .filter(skill -> skill.getString("id").equals("a2a-catalogue")).findFirst().orElseThrow();
        for (JsonValue example : catalogue.getJsonArray("examples")) {
            String text = ((jakarta.json.JsonString) example).getString();
            JsonObject task = rpc.result("SendMessage", question(text)).getJsonObject("task");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"), text);
            JsonObject answer = task.getJsonArray("artifacts").getJsonObject(0);
            String reply = answer.getJsonArray("parts").getJsonObject(0).getString("text");
            assertTrue(!reply.contains("Ask about the A2A support"), "a real answer, not the help, for: " + text
                    + " -> " + reply);
            JsonObject rows = task.getJsonArray("artifacts").getJsonObject(1).getJsonArray("parts").getJsonObject(0)
                    .getJsonObject("data");
            assertTrue(rows.getJsonArray("rows").size() > 0, text + " -> " + rows);
        }
    }

    @Test
    void theCatalogueAnswersOverRestToo() {
        JsonObject task = Http.json(http.post("/a2a/rest/message:send", "application/json",
                question("Does CrewAI support A2A?").toString())).getJsonObject("task");
        assertTrue(task.getJsonArray("artifacts").getJsonObject(0).getJsonArray("parts").getJsonObject(0)
                .getString("text").startsWith("CrewAI"));
    }

    @Test
    void anUnknownSkillIsRefusedWithInvalidParams() {
        JsonObject params = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", "m").add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", "hi")))
                .add("metadata", Json.createObjectBuilder().add("skill", "no-such-skill"))).build();
        assertEquals(-32602, rpc.errorCode("SendMessage", params));
    }

    @Test
    void theCatalogueIsServedWithValidators() {
        HttpResponse<String> response = http.get("/catalogue.json");
        assertEquals(200, response.statusCode());
        assertTrue(Http.json(response).getJsonArray("entries").size() >= 10);
        String etag = response.headers().firstValue("ETag").orElseThrow();
        assertEquals(304, http.get("/catalogue.json", "If-None-Match", etag).statusCode());
        assertTrue(response.headers().firstValue("Cache-Control").orElse("").contains("max-age"));
    }

    @Test
    void aMessageCarryingACardIsReviewedWithoutNamingTheSkill() {
        JsonObject card = Json.createObjectBuilder().add("name", "Weather").add("description", "Forecasts")
                .add("version", "1.0.0").add("supportedInterfaces", Json.createArrayBuilder().add(
                        Json.createObjectBuilder().add("url", "ftp://weather.example.com/a2a")
                                .add("protocolBinding", "JSONRPC").add("protocolVersion", "1.0")))
                .add("capabilities", Json.createObjectBuilder()).add("defaultInputModes", Json.createArrayBuilder())
                .add("defaultOutputModes", Json.createArrayBuilder()).add("skills", Json.createArrayBuilder())
                .build();
        JsonObject params = Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", java.util.UUID.randomUUID().toString()).add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("data", card)))).build();
        JsonObject task = rpc.result("SendMessage", params).getJsonObject("task");
        String report = task.getJsonArray("artifacts").toString();
        assertTrue(report.contains("INVALID_URL"), report);
        assertTrue(task.getJsonObject("status").toString().contains("Score"), task.toString());
        JsonObject overRest = Http.json(http.post("/a2a/rest/message:send", "application/json", params.toString()))
                .getJsonObject("task");
        assertTrue(overRest.getJsonArray("artifacts").toString().contains("INVALID_URL"), "the same over REST");
    }

    @Test
    void everyCardReviewExampleWorksVerbatim() {
        JsonObject review = card().getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .filter(skill -> skill.getString("id").equals("card-review")).findFirst().orElseThrow();
        for (JsonValue example : review.getJsonArray("examples")) {
            String text = ((jakarta.json.JsonString) example).getString();
            JsonObject task = rpc.result("SendMessage", question(text)).getJsonObject("task");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"), text);
            assertTrue(task.getJsonArray("artifacts").toString().contains("score"), text + " -> " + task);
        }
    }
}
