package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class PageCursorTest {
    private static String encode(String plain) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    @Test
    void roundTrips() {
        for (PageCursor cursor : new PageCursor[] {
                new PageCursor(1_772_359_200_000L, "3f1c2a9e-8a1b-4c55-9d0e-1234567890ab"),
                new PageCursor(0, "x"),
                new PageCursor(-5, "id:with:colons"),
                new PageCursor(Long.MAX_VALUE, "ünïcødé task")}) {
            assertEquals(Optional.of(cursor), PageCursor.parse(cursor.token()), cursor.toString());
        }
    }

    @Test
    void tokensAreUrlSafeAndDoNotShowTheTaskId() {
        PageCursor cursor = new PageCursor(1_772_359_200_000L, "task-visible-id");
        String token = cursor.token();
        assertFalse(token.contains("task-visible-id"), token);
        assertFalse(token.contains("1772359200000"), token);
        assertTrue(token.matches("[A-Za-z0-9_-]+"), token);
    }

    @Test
    void rejectsGarbage() {
        for (String token : new String[] {null, "", "not a token", "!!!!", "%%%", "abc=def", "a+b/c",
                "x".repeat(2000)}) {
            assertEquals(Optional.empty(), PageCursor.parse(token), String.valueOf(token));
        }
    }

    @Test
    void rejectsWellEncodedTokensThisServerDidNotIssue() {
        for (String plain : new String[] {"2:5:task", "0:5:task", "1:5", "1:5:", "1:five:task", "1::task",
                "1:5:ta\u0000sk", "1:99999999999999999999:task", ":5:task", "1", "task"}) {
            assertEquals(Optional.empty(), PageCursor.parse(encode(plain)), plain);
        }
        assertEquals(Optional.of(new PageCursor(5, "task")), PageCursor.parse(encode("1:5:task")),
                "the control case is accepted");
    }
}
