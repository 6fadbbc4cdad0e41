package dev.switchboard.web.filter;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class PreconditionsTest {
    private static final String TAG = "\"abc\"";

    @Test
    void strongTagIsAStableContentHash() {
        String one = Preconditions.strongTag("{\"a\":1}".getBytes(StandardCharsets.UTF_8));
        assertEquals(one, Preconditions.strongTag("{\"a\":1}".getBytes(StandardCharsets.UTF_8)));
        assertNotEquals(one, Preconditions.strongTag("{\"a\":2}".getBytes(StandardCharsets.UTF_8)));
        assertTrue(Preconditions.isStrong(one));
        assertFalse(Preconditions.isStrong("W/" + one));
        assertFalse(Preconditions.isStrong("abc"));
        assertFalse(Preconditions.isStrong(null));
    }

    @Test
    void exactTagMatches() {
        assertTrue(Preconditions.noneMatchHits(TAG, TAG));
    }

    @Test
    void anyMemberOfAListMatches() {
        assertTrue(Preconditions.noneMatchHits("\"x\", \"y\",\"abc\"", TAG));
        assertTrue(Preconditions.noneMatchHits("\"a,b\", \"abc\"", TAG), "commas inside a tag are part of it");
        assertFalse(Preconditions.noneMatchHits("\"x\", \"y\"", TAG));
    }

    @Test
    void starMatchesAnyRepresentation() {
        assertTrue(Preconditions.noneMatchHits("*", TAG));
        assertTrue(Preconditions.noneMatchHits(" * ", TAG));
    }

    @Test
    void comparisonIsWeak() {
        assertTrue(Preconditions.noneMatchHits("W/\"abc\"", TAG));
        assertTrue(Preconditions.noneMatchHits(TAG, "W/\"abc\""));
        assertTrue(Preconditions.noneMatchHits("\"x\", W/\"abc\"", TAG));
    }

    @Test
    void mismatchAndMissingDoNotMatch() {
        assertFalse(Preconditions.noneMatchHits("\"abcd\"", TAG));
        assertFalse(Preconditions.noneMatchHits("\"ab\"", TAG));
        assertFalse(Preconditions.noneMatchHits(null, TAG));
        assertFalse(Preconditions.noneMatchHits("", TAG));
        assertFalse(Preconditions.noneMatchHits(TAG, null));
    }

    @Test
    void malformedHeadersNeverMatch() {
        assertFalse(Preconditions.noneMatchHits("abc", TAG), "unquoted");
        assertFalse(Preconditions.noneMatchHits("\"abc", TAG), "unterminated");
        assertFalse(Preconditions.noneMatchHits("garbage, \"abc\"", TAG), "a broken member ends the list");
    }

    @Test
    void ifModifiedSinceComparesWholeSeconds() {
        long lastModified = 1_764_000_000_500L; // .5 s past the second
        String same = "Mon, 24 Nov 2025 16:00:00 GMT";
        assertTrue(Preconditions.notModifiedSince(same, lastModified));
        assertTrue(Preconditions.notModifiedSince("Tue, 25 Nov 2025 16:00:00 GMT", lastModified));
        assertFalse(Preconditions.notModifiedSince("Mon, 24 Nov 2025 15:59:59 GMT", lastModified));
        assertFalse(Preconditions.notModifiedSince("yesterday", lastModified));
        assertFalse(Preconditions.notModifiedSince(null, lastModified));
        assertFalse(Preconditions.notModifiedSince(same, -1));
    }
}
