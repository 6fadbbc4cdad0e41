package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.FakeAgent;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code card check} fetches only public addresses unless told, and an icon only on the card's own origin. */
class CardCheckTest {
    private static final String CARD_PATH = "/.well-known/agent-card.json";

    @TempDir
    Path dir;

    private final FakeAgent agent;
    private final FakeAgent elsewhere;

    CardCheckTest() throws Exception {
        agent = new FakeAgent();
        elsewhere = new FakeAgent();
    }

    @AfterEach
    void stop() {
        agent.close();
        elsewhere.close();
    }

    private Path expected(String card) throws Exception {
        Path file = dir.resolve("expected.json");
        Files.writeString(file, card.replace("$BASE", agent.base()));
        return file;
    }

    @Test
    void aNonPublicAddressIsNotFetchedUnlessAllowed() throws Exception {
        agent.answer(CARD_PATH, 200, ClientSecretsTest.CARD);
        Path expected = expected(ClientSecretsTest.CARD);
        MainTest.Outcome refused = MainTest.run(Map.of(), "card", "check", agent.base(), "--against", expected.toString());
        assertEquals(Main.FAILED, refused.exit(), refused.out() + refused.err());
        assertTrue(refused.err().contains("a loopback address") && refused.err().contains("--allow-private"),
                refused.err());
        assertEquals(List.of(), agent.received);

        MainTest.Outcome allowed = MainTest.run(Map.of(), "card", "check", agent.base(), "--against",
                expected.toString(), "--allow-private");
        assertEquals(0, allowed.exit(), allowed.out() + allowed.err());
        assertTrue(allowed.out().contains("the card matches"), allowed.out());
    }

    @Test
    void anIconIsFetchedOnlyOnTheCardsOrigin() throws Exception {
        String card = ClientSecretsTest.CARD.replace("\"skills\":[]", "\"skills\":[],\"iconUrl\":\"%s/icon.png\"");
        agent.answer(CARD_PATH, 200, card.formatted(elsewhere.base()));
        elsewhere.answer("/icon.png", 200, "image/png", "png");
        MainTest.Outcome foreign = MainTest.run(Map.of(), "card", "check", agent.base(), "--allow-private",
                "--against", expected(card.formatted(elsewhere.base())).toString());
        assertEquals(0, foreign.exit(), foreign.out() + foreign.err());
        assertTrue(foreign.out().contains("SKIP iconUrl is on another origin (" + elsewhere.base() + "), not fetched"),
                foreign.out());
        assertEquals(List.of(), elsewhere.received);

        agent.answer(CARD_PATH, 200, card.formatted("$BASE")).answer("/icon.png", 200, "image/png", "png");
        MainTest.Outcome own = MainTest.run(Map.of(), "card", "check", agent.base(), "--allow-private",
                "--against", expected(card.formatted("$BASE")).toString());
        assertEquals(0, own.exit(), own.out() + own.err());
        assertTrue(own.out().contains("OK iconUrl is an image (image/png)"), own.out());
    }
}
