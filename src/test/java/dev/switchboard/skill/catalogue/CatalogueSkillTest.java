package dev.switchboard.skill.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.util.List;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

class CatalogueSkillTest {
    private CatalogueSkill skill;

    @BeforeEach
    void load() throws IOException {
        skill = new CatalogueSkill();
        try (InputStream in = getClass().getResourceAsStream("/catalogue/test-catalogue.json")) {
            skill.load(in.readAllBytes(), "test catalogue");
        }
    }

    private static List<String> ids(JsonObject data, String key) {
        return data.getJsonArray(key).getValuesAs(JsonValue::asJsonObject).stream().map(row -> row.getString("id"))
                .toList();
    }

    @Test
    void aNamedFrameworkIsAnsweredByName() {
        CatalogueAnswer answer = skill.ask("Does CrewAI support A2A?");
        assertEquals(List.of("crewai"), ids(answer.data(), "rows"));
        assertTrue(answer.text().startsWith("CrewAI (framework): A2A through an add-on, spec line(s) 0.3"),
                answer.text());
    }

    @Test
    void aliasesNameEntriesToo() {
        assertEquals(List.of("google-adk"), ids(skill.ask("what about the agent development kit?").data(), "rows"));
        assertEquals(List.of("google-adk"), ids(skill.ask("Is ADK any good with A2A").data(), "rows"));
    }

    @Test
    void askingForTheSpecVersionAnswersTheLines() {
        CatalogueAnswer answer = skill.ask("What spec version does Google ADK target?");
        assertTrue(answer.text().contains("spec line(s) 0.3, 1.0"), answer.text());
        assertFalse(answer.text().contains("Setup:"), "only what was asked: " + answer.text());
    }

    @Test
    void frameworksWithoutSupportAreListed() {
        CatalogueAnswer answer = skill.ask("Which frameworks have no A2A support?");
        assertEquals(List.of("dspy"), ids(answer.data(), "rows"));
        assertTrue(answer.text().contains("DSPy"));
    }

    @Test
    void attributesFilter() {
        CatalogueAnswer answer = skill.ask("open source Java SDK with streaming");
        assertEquals(List.of("a2a-java"), ids(answer.data(), "rows"));
        assertEquals(List.of("mystery"), ids(answer.data(), "unknown"), "unknown facts are not guessed");
        assertEquals(List.of("a2a-js"), ids(skill.ask("a TypeScript SDK for A2A 1.0").data(), "rows"));
        assertEquals(List.of("a2a-java"), ids(skill.ask("which SDKs speak gRPC?").data(), "rows"));
        assertEquals(List.of("a2a-java", "a2a-js", "google-adk"),
                ids(skill.ask("anything with a REST binding").data(), "rows"));
    }

    @Test
    void switchboardIsNeverRankedAmongThirdParties() {
        CatalogueAnswer answer = skill.ask("servers or SDKs speaking JSON-RPC for A2A 1.0");
        assertFalse(ids(answer.data(), "rows").contains("switchboard"));
        assertEquals(List.of("switchboard"), ids(answer.data(), "self"));
        assertTrue(answer.text().indexOf("Switchboard") > answer.text().indexOf("a2a-java"), answer.text());
        assertTrue(answer.text().contains(CatalogueAnswer.SELF_NOTE));
    }

    @Test
    void switchboardIsAnsweredWhenAskedForByName() {
        CatalogueAnswer answer = skill.ask("Does Switchboard support streaming?");
        assertEquals(List.of("switchboard"), ids(answer.data(), "rows"));
        assertTrue(answer.text().contains("streaming yes"), answer.text());
    }

    @Test
    void topicsWithoutAFieldAreSaidSo() {
        CatalogueAnswer answer = skill.ask("What does CrewAI cost and who maintains it?");
        assertTrue(answer.text().contains("The catalogue does not record pricing."), answer.text());
        assertTrue(answer.text().contains("The catalogue does not record who maintains it."), answer.text());
        assertEquals(2, answer.data().getJsonArray("notRecorded").size());
        assertTrue(skill.ask("which SDK has push notifications").text()
                .contains("does not record push notification support"));
    }

    @Test
    void aQuestionAboutSandboxIsolationIsDeclinedBeforeAnyListing() {
        CatalogueAnswer answer = skill.ask("Which framework has the best sandbox isolation?");
        assertTrue(answer.text().startsWith("The catalogue does not record sandboxing or isolation.\n"
                + "The catalogue does not record rankings or quality judgements.\n"), answer.text());
        assertEquals(List.of("sandboxing or isolation", "rankings or quality judgements"),
                answer.data().getJsonArray("notRecorded").getValuesAs(jakarta.json.JsonString::getString));
        assertTrue(answer.text().contains("By what the catalogue does record (kind framework), 3 entries match"),
                "a listing, if any, says what it matched on: " + answer.text());
    }

    @Test
    void otherUnrecordedAttributesAreDeclinedToo() {
        for (String question : List.of("Which SDK is the most secure?", "What about the security of a2a-java?",
                "Does CrewAI run agents in a sandbox?", "Which frameworks support MCP?",
                "Which SDK has the best observability and tracing?", "frameworks with long-term memory",
                "Which Python framework would you recommend?")) {
            CatalogueAnswer answer = skill.ask(question);
            assertTrue(answer.text().startsWith("The catalogue does not record "), question + " -> " + answer.text());
            assertFalse(answer.data().getJsonArray("notRecorded").isEmpty(), question);
        }
    }

    @Test
    void aNamedEntryAskedForAnUnrecordedFactGetsTheDeclineFirst() {
        CatalogueAnswer answer = skill.ask("Does CrewAI isolate its agents?");
        assertTrue(answer.text().startsWith("The catalogue does not record sandboxing or isolation.\n"
                + "What it does record: CrewAI (framework)"), answer.text());
        assertEquals(List.of("crewai"), ids(answer.data(), "rows"));
    }

    @Test
    void aQuestionOnlyAboutAnUnrecordedFactSaysWhatIsRecorded() {
        CatalogueAnswer answer = skill.ask("Which one has the strongest isolation?");
        assertTrue(answer.text().startsWith("The catalogue does not record sandboxing or isolation."), answer.text());
        assertTrue(answer.text().contains("The catalogue records, per entry: kind, languages"), answer.text());
        assertEquals(0, answer.data().getJsonArray("rows").size());
    }

    @Test
    void aQuestionWithNothingToGoOnGetsHelp() {
        CatalogueAnswer answer = skill.ask("hello");
        assertTrue(answer.text().contains("Does CrewAI support A2A?"), answer.text());
        assertFalse(answer.text().contains("Switchboard,"), "the help lists third parties only");
        assertEquals(0, answer.data().getJsonArray("rows").size());
    }

    @Test
    void theSameQuestionGetsTheSameAnswer() {
        assertEquals(skill.ask("open source Java SDK with streaming"), skill.ask("open source Java SDK with streaming"));
    }
}
