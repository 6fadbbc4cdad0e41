package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.security.Tier;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * Each caller runs exactly the skills its tier reaches, on both bindings, and its extended card
 * lists exactly those: an anonymous caller neither (and has no extended card), a key holder the
 * key holders' skill, the operator both. The skill learns who called, in which line, for which
 * tenant. Uses the {@link TieredSkill}s installed in the test WAR.
 */
class SkillTiersIT extends OnTomcat {
    private static final String FOR_KEY_HOLDERS = "key-holders";
    private static final String FOR_OPERATOR = "operator";
    private static final Set<String> TIERED = Set.of(FOR_KEY_HOLDERS, FOR_OPERATOR);

    private final String anonymous = "caller-anonymous-" + UUID.randomUUID();
    private final String keyHolder = Callers.KEYS.issue("tiers", Tier.AUTHENTICATED, Duration.ofHours(1));

    private static JsonObject send(String skill, String tenant) {
        JsonObject message = Json.createObjectBuilder().add("messageId", UUID.randomUUID().toString())
                .add("role", "ROLE_USER").add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder()
                        .add("text", "who am I?")))
                .add("metadata", Json.createObjectBuilder().add("skill", skill)).build();
        return tenant == null ? Json.createObjectBuilder().add("message", message).build()
                : Json.createObjectBuilder().add("tenant", tenant).add("message", message).build();
    }

    /** What the skill said over JSON-RPC, or the error's reason when the call was refused. */
    private String overJsonRpc(String who, String skill, String tenant) {
        JsonObject response = Callers.rpc(http, who, "SendMessage", send(skill, tenant));
        if (response.containsKey("error")) {
            assertEquals(-32004, response.getJsonObject("error").getInt("code"), response.toString());
            return "refused";
        }
        return said(response.getJsonObject("result").getJsonObject("task"));
    }

    /** What the skill said over HTTP+JSON, or the error's reason when the call was refused. */
    private String overRest(String who, String skill, String tenant) {
        HttpResponse<String> response = Callers.rest(http, who, "POST",
                (tenant == null ? "" : "/" + tenant) + "/message:send", send(skill, null).toString());
        if (response.statusCode() != 200) {
            assertEquals(400, response.statusCode(), response.body());
            assertEquals("UNSUPPORTED_OPERATION", Http.json(response).getJsonObject("error").getJsonArray("details")
                    .getJsonObject(0).getString("reason"), response.body());
            return "refused";
        }
        return said(Http.json(response).getJsonObject("task"));
    }

    private static String said(JsonObject task) {
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"), task.toString());
        return task.getJsonObject("status").getJsonObject("message").getJsonArray("parts").getJsonObject(0)
                .getString("text");
    }

    /** The tiered skills this caller's extended card lists, read over both bindings, which must agree. */
    private Set<String> onExtendedCard(String who) {
        JsonObject overRpc = Callers.rpc(http, who, "GetExtendedAgentCard", Json.createObjectBuilder().build())
                .getJsonObject("result");
        HttpResponse<String> overRest = Callers.rest(http, who, "GET", "/extendedAgentCard", null);
        assertEquals(200, overRest.statusCode(), overRest.body());
        assertEquals(overRpc.getJsonArray("skills"), Http.json(overRest).getJsonArray("skills"));
        return overRpc.getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .map(skill -> skill.getString("id")).filter(TIERED::contains).collect(Collectors.toSet());
    }

    /** The tiered skills this caller can run, tried over both bindings, which must agree. */
    private Set<String> runnable(String who) {
        return TIERED.stream().filter(skill -> {
            boolean overRpc = !overJsonRpc(who, skill, null).equals("refused");
            assertEquals(overRpc, !overRest(who, skill, null).equals("refused"), skill + ": the bindings agree");
            return overRpc;
        }).collect(Collectors.toSet());
    }

    @Test
    void anAnonymousCallerRunsNoTieredSkillAndHasNoExtendedCard() {
        assertEquals(Set.of(), runnable(anonymous));
        assertEquals(-32007, Callers.rpc(http, anonymous, "GetExtendedAgentCard", Json.createObjectBuilder().build())
                .getJsonObject("error").getInt("code"));
        List<String> publicCard = Http.json(http.get("/.well-known/agent-card.json", "A2A-Version", "1.0"))
                .getJsonArray("skills").getValuesAs(JsonValue::asJsonObject).stream()
                .map(skill -> skill.getString("id")).toList();
        assertFalse(publicCard.contains(FOR_KEY_HOLDERS) || publicCard.contains(FOR_OPERATOR), publicCard.toString());
    }

    @Test
    void aKeyHolderRunsWhatItsExtendedCardListsAndNothingMore() {
        assertEquals(Set.of(FOR_KEY_HOLDERS), onExtendedCard(keyHolder));
        assertEquals(Set.of(FOR_KEY_HOLDERS), runnable(keyHolder));
    }

    @Test
    void theOperatorRunsWhatItsExtendedCardLists() {
        assertEquals(TIERED, onExtendedCard(Callers.OPERATOR));
        assertEquals(TIERED, runnable(Callers.OPERATOR));
    }

    @Test
    void theSkillIsToldWhoCalledInWhichLineForWhichTenant() {
        assertEquals("key-holders ran for API_KEY AUTHENTICATED in 1.0 tenant acme",
                overJsonRpc(keyHolder, FOR_KEY_HOLDERS, "acme"));
        assertEquals("key-holders ran for API_KEY AUTHENTICATED in 1.0 tenant acme",
                overRest(keyHolder, FOR_KEY_HOLDERS, "acme"), "the tenant of the path prefix");
        assertEquals("operator ran for OPERATOR OPERATOR in 1.0 tenant null", overRest(Callers.OPERATOR, FOR_OPERATOR,
                null));
    }

    @Test
    void theSkillHearsTheLineOfA03Call() {
        JsonObject message = Json.createObjectBuilder().add("kind", "message")
                .add("messageId", UUID.randomUUID().toString()).add("role", "user")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("kind", "text")
                        .add("text", "who am I?")))
                .add("metadata", Json.createObjectBuilder().add("skill", FOR_OPERATOR)).build();
        JsonObject task = Callers.rpc(http, Callers.OPERATOR, "message/send",
                Json.createObjectBuilder().add("message", message).build()).getJsonObject("result");
        assertEquals("operator ran for OPERATOR OPERATOR in 0.3 tenant null", task.getJsonObject("status")
                .getJsonObject("message").getJsonArray("parts").getJsonObject(0).getString("text"), task.toString());
    }

    @Test
    void anUnknownSkillsErrorListsOnlyTheSkillsOnTheCallersCard() {
        Map<String, Set<String>> reached = Map.of(anonymous, Set.of(), keyHolder, Set.of(FOR_KEY_HOLDERS),
                Callers.OPERATOR, TIERED);
        reached.forEach((who, expected) -> {
            JsonObject error = Callers.rpc(http, who, "SendMessage", send("no-such-skill", null))
                    .getJsonObject("error");
            assertEquals(-32602, error.getInt("code"), error.toString());
            String text = error.getString("message");
            Set<String> offered = Set.of(text.substring(text.indexOf("offers ") + "offers ".length()).split(", "));
            assertTrue(offered.contains("echo"), text);
            assertEquals(expected, offered.stream().filter(TIERED::contains).collect(Collectors.toSet()), text);
        });
    }
}
