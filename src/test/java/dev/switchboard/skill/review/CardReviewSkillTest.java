package dev.switchboard.skill.review;

import static dev.switchboard.skill.Calls.by;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskService;
import jakarta.json.JsonObject;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The skill end to end through a TaskService over a real store, and how it finds the card in a message. */
class CardReviewSkillTest {
    @TempDir
    static Path dir;
    private static TaskDatabase db;
    private static ExecutorService workers;
    private static ExecutorService writers;
    private static TaskService service;

    @BeforeAll
    static void start() {
        db = StoreTesting.open(dir);
        workers = Executors.newFixedThreadPool(2);
        writers = Executors.newFixedThreadPool(1);
        service = new TaskService(new JpaTaskStore(db.entityManagerFactory(), Clock.systemUTC()), new TaskEvents(),
                new CardReviewSkill().executor(), workers, writers, Clock.systemUTC(), "test");
    }

    @AfterAll
    static void stop() throws InterruptedException {
        workers.shutdownNow();
        writers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
        db.close();
    }

    private static Task send(Part... parts) throws Exception {
        Message message = new Message(UUID.randomUUID().toString(), null, null, Role.USER, List.of(parts), null,
                List.of(), List.of());
        SendMessageResult result = service.send(new SendMessageRequest(null, message, null, null), by("owner"))
                .toCompletableFuture().get(5, TimeUnit.SECONDS);
        return (Task) result;
    }

    private static String statusText(Task task) {
        return task.status().message().parts().get(0).text();
    }

    @Test
    void aCardInADataPartGetsATextAndAJsonArtifact() throws Exception {
        Task task = send(Part.text("please review"), Part.data(Cards.good()));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals("Score 100/100: 0 errors, 0 warnings, 2 info.", statusText(task));
        assertEquals(List.of(CardReviewSkill.TEXT_ARTIFACT, CardReviewSkill.JSON_ARTIFACT),
                task.artifacts().stream().map(Artifact::artifactId).toList());
        String text = task.artifacts().get(0).parts().get(0).text();
        assertTrue(text.contains("Protocol lines: 1.0"), text);
        assertTrue(text.contains("INFO V10_ONLY at url"), text);
        JsonObject json = (JsonObject) task.artifacts().get(1).parts().get(0).data();
        assertEquals(100, json.getInt("score"));
        assertEquals(3, json.getJsonArray("interfaces").size());
    }

    @Test
    void keysSentBesideTheCardVerifyItsSignatures() throws Exception {
        Path vectors = Path.of("src/test/resources/card-signing");
        JsonObject card = Cards.json(java.nio.file.Files.readString(vectors.resolve("vectors/minimal/signed.json")));
        JsonObject jwks = Cards.json(java.nio.file.Files.readString(vectors.resolve("keys/jwks.json")));
        Task task = send(Part.data(jakarta.json.Json.createObjectBuilder().add("card", card).add("jwks", jwks)
                .build()));
        assertEquals(TaskState.COMPLETED, task.status().state());
        JsonObject signature = ((JsonObject) task.artifacts().get(1).parts().get(0).data()).getJsonObject("signature");
        assertEquals("verified", signature.getString("status"), signature.toString());
        assertEquals("test-only-es256", signature.getString("keyId"));
        assertTrue(task.artifacts().get(0).parts().get(0).text().contains("Signed: yes, verified: signed by key "
                + "'test-only-es256'"), task.artifacts().get(0).parts().get(0).text());
    }

    @Test
    void theVerbatimExampleWorks() throws Exception {
        AgentSkill descriptor = new CardReviewSkill().descriptor();
        assertEquals("card-review", descriptor.id());
        Task task = send(Part.text(descriptor.examples().get(1)));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals(2, task.artifacts().size());
        assertTrue(statusText(task).startsWith("Score 90/100: 0 errors, 2 warnings"), statusText(task));
    }

    @Test
    void aJsonArrayIsExplainedInsteadOfReviewed() throws Exception {
        Task task = send(Part.data(Cards.array("[{'name':'a'},{'name':'b'}]")));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals(List.of(), task.artifacts());
        assertTrue(statusText(task).startsWith("The data part holds a JSON array; send one Agent Card"),
                statusText(task));
        assertTrue(statusText(task).contains("send the Agent Card to review as JSON"), statusText(task));
    }

    @Test
    void aMessageWithoutJsonGetsInstructions() throws Exception {
        Task task = send(Part.text("review https://agent.example.com/.well-known/agent-card.json"));
        assertEquals(List.of(), task.artifacts());
        assertTrue(statusText(task).contains("never fetches anything"), statusText(task));
    }

    @Test
    void proseAroundTheJsonIsIgnored() {
        CardInput input = CardInput.fromText("Here is my card:\n{\"name\":\"A\",\"x\":{\"y\":1}}\nThanks!");
        assertEquals("A", input.card().getString("name"));
        assertEquals(1, input.card().getJsonObject("x").getInt("y"));
    }

    @Test
    void theDataPartWinsOverText() {
        CardInput input = CardInput.find(List.of(Part.text("{\"name\":\"text\"}"),
                Part.data(Cards.json("{'name':'data'}"))));
        assertEquals("data", input.card().getString("name"));
    }

    @Test
    void anArrayInTextAndBrokenJsonAreExplained() {
        CardInput array = CardInput.fromText(" [{\"name\":\"a\"}] ");
        assertNull(array.card());
        assertTrue(array.problem().contains("JSON array"), array.problem());
        CardInput broken = CardInput.fromText("card: {\"name\": } end");
        assertNull(broken.card());
        assertTrue(broken.problem().contains("not valid JSON"), broken.problem());
    }

    @Test
    void aCardNestedTenThousandLevelsIsExplainedNotAFailure() {
        CardInput deep = CardInput.fromText("{\"name\":" + "{\"a\":".repeat(10_000) + "1" + "}".repeat(10_001));
        assertNull(deep.card());
        assertTrue(deep.problem().contains("deeper than 100 levels"), deep.problem());
        CardInput deepArray = CardInput.fromText("[".repeat(10_000) + "]".repeat(10_000));
        assertNull(deepArray.card());
    }
}
