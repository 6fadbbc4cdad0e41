package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.security.Tier;
import dev.switchboard.skill.InstalledSkills;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** Reading A2A-Extensions, and what it comes to for a call: what is active, what is missing. */
class ExtensionHeaderTest {
    private static final CardExtensions CARD = CardExtensions.of(List.of(
            new AgentExtension("urn:optional:v1", null, false, Map.of()),
            new AgentExtension("urn:required:v1", null, true, Map.of())), InstalledSkills.of(List.of()));

    @Test
    void theListIsCommaSeparatedWhitespaceTolerantAndSpreadOverEveryLine() {
        assertEquals(List.of("urn:a", "urn:b", "urn:c"),
                ExtensionHeader.parse(List.of(" urn:a ,\turn:b,, ", "urn:c, urn:a")));
        assertEquals(List.of(), ExtensionHeader.parse(List.of()));
        assertEquals(List.of(), ExtensionHeader.parse(List.of(" , ")));
        assertEquals("urn:a,urn:b", ExtensionHeader.format(List.of("urn:a", "urn:b")));
    }

    @Test
    void tooManyOrTooLongIsInvalidParamsNamingTheHeader() {
        List<String> many = List.of(String.join(",", Collections.nCopies(ExtensionHeader.MAX_URIS + 1, "urn:x")));
        A2AException count = assertThrows(A2AException.class, () -> ExtensionHeader.parse(many));
        assertEquals(A2AError.INVALID_PARAMS, count.error());
        assertEquals("A2A-Extensions", count.violations().get(0).field());
        assertEquals(List.of("urn:x"), ExtensionHeader.parse(List.of(String.join(",",
                Collections.nCopies(ExtensionHeader.MAX_URIS, "urn:x")))), "at the bound, and each once");
        A2AException length = assertThrows(A2AException.class, () -> ExtensionHeader.parse(
                List.of("urn:" + "x".repeat(ExtensionHeader.MAX_URI_CHARS))));
        assertTrue(length.getMessage().contains("2048"), length.getMessage());
    }

    @Test
    void anOperationRequiresWhatTheCardRequiresDiscoveryDoesNot() {
        CallExtensions both = CallExtensions.of(List.of("urn:required:v1, urn:unknown", "urn:optional:v1"),
                Tier.PUBLIC, CARD);
        assertEquals(List.of("urn:required:v1", "urn:optional:v1"), both.require());

        CallExtensions optionalOnly = CallExtensions.of(List.of("urn:optional:v1"), Tier.PUBLIC, CARD);
        A2AException missing = assertThrows(A2AException.class, optionalOnly::require);
        assertEquals(A2AError.EXTENSION_SUPPORT_REQUIRED, missing.error());
        assertEquals(-32008, missing.error().jsonRpcCode());
        assertEquals(400, missing.error().httpStatus());
        assertEquals("urn:required:v1", missing.metadata().get("extensions"));
        assertTrue(missing.getMessage().contains("urn:required:v1"), missing.getMessage());
        assertEquals(List.of("urn:optional:v1"), optionalOnly.forDiscovery());

        CallExtensions tooLong = CallExtensions.of(List.of("urn:" + "x".repeat(3000)), Tier.PUBLIC, CARD);
        assertEquals(A2AError.INVALID_PARAMS, assertThrows(A2AException.class, tooLong::forDiscovery).error());
        assertEquals(A2AError.INVALID_PARAMS, assertThrows(A2AException.class, tooLong::require).error(),
                "an unreadable header is refused before anything is found missing");
        assertEquals(List.of(), CallExtensions.NONE.require());
    }
}
