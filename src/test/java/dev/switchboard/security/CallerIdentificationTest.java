package dev.switchboard.security;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CallerIdentificationTest {
    private static final String TOKEN = "operator-token-0123456789-0123456789";
    private static final Caller KEYED = new Caller(Caller.Kind.API_KEY, "key:abc", Tier.AUTHENTICATED, "k");

    private final CallerIdentification identification = new CallerIdentification(TOKEN, key -> {
        if (key.equals("sbk_good")) {
            return KEYED;
        }
        throw new AuthenticationFailure("BAD_SIGNATURE", "no");
    });

    private Caller identify(String authorization, String apiKey, String callerKey, String cookie) {
        return identification.identify(new CallerIdentification.Presented(authorization, apiKey, callerKey, cookie));
    }

    @Test
    void theOperatorSeesEverything() {
        Caller operator = identify("Bearer " + TOKEN, null, null, "1.2.3.4");
        assertTrue(operator.isOperator());
        assertNull(operator.owner(), "no owner filter: every task is visible");
    }

    @Test
    void apiKeysComeAsBearerOrHeader() {
        assertEquals(KEYED, identify("Bearer sbk_good", null, null, "1.2.3.4"));
        assertEquals(KEYED, identify(null, "sbk_good", null, "1.2.3.4"));
        assertEquals("BAD_SIGNATURE", assertThrows(AuthenticationFailure.class,
                () -> identify(null, "sbk_bad", "a-perfectly-fine-caller-key", "1.2.3.4")).reason(),
                "a failing key is refused, not downgraded to anonymous");
    }

    @Test
    void anonymousCallersAreToldApartByKeyThenCookieNeverByAddress() {
        Caller one = identify(null, null, "caller-key-one-0123456789", "cookie-0123456789-abcdefgh");
        Caller two = identify(null, null, "caller-key-two-0123456789", "cookie-0123456789-abcdefgh");
        assertNotEquals(one.owner(), two.owner(), "different keys: different callers");
        assertTrue(one.owner().startsWith("anon:"), "a caller key's tasks are its own: " + one.owner());
        Caller cookie = identify(null, null, null, "cookie-0123456789-abcdefgh");
        assertTrue(cookie.owner().startsWith("cookie:"), cookie.owner());
        assertNotEquals(cookie.owner(), identify(null, null, null, "cookie-9876543210-hgfedcba").owner());
        assertFalse(one.owner().contains("caller-key-one"), "the store never holds the key itself");
        assertEquals(Tier.PUBLIC, one.tier());
        assertEquals("CALLER_UNKNOWN", assertThrows(AuthenticationFailure.class,
                () -> identify(null, null, null, null)).reason(), "an address alone is nobody");
    }

    @Test
    void onlyTheTasksOfCookieCallersAndOfEarlierAddressesAreHeldById() {
        assertTrue(Caller.isHeldById(identify(null, null, null, "cookie-0123456789-abcdefgh").owner()));
        assertTrue(Caller.isHeldById("addr:0123"));
        assertFalse(Caller.isHeldById(identify(null, null, "caller-key-one-0123456789", null).owner()));
        assertFalse(Caller.isHeldById(KEYED.owner()));
        assertFalse(Caller.isHeldById(null), "the operator's view is not a task's owner");
    }

    @Test
    void aCallerKeyOrCookieAnyoneCouldGuessIsRefused() {
        for (String guessable : new String[] {"aaaaaaaaaaaaaaaa", "abababababababab", "1111111122222222"}) {
            assertEquals("CALLER_KEY_GUESSABLE", assertThrows(AuthenticationFailure.class,
                    () -> identify(null, null, guessable, null)).reason(), guessable);
            assertEquals("CALLER_KEY_GUESSABLE", assertThrows(AuthenticationFailure.class,
                    () -> identify(null, null, null, guessable)).reason(), guessable);
        }
        for (String random : new String[] {"3f9a0c7be21d5846", "9b2c1e6f-4a7d-4c3e-8f10-2d5b6a7c8e90",
                "Zx8_kQ2mN4pR7tV1wY5"}) {
            assertTrue(identify(null, null, random, null).owner().startsWith("anon:"), random);
        }
        assertTrue(CallerIdentification.estimatedBits("aaaaaaaaaaaaaaaa") < 1);
    }

    @Test
    void refusalsSayWhy() {
        assertEquals("INVALID_TOKEN", assertThrows(AuthenticationFailure.class,
                () -> identify("Bearer nope", null, null, "1.2.3.4")).reason());
        assertEquals("UNSUPPORTED_SCHEME", assertThrows(AuthenticationFailure.class,
                () -> identify("Basic abc", null, null, "1.2.3.4")).reason());
        assertEquals("CALLER_KEY_TOO_SHORT", assertThrows(AuthenticationFailure.class,
                () -> identify(null, null, "short", "1.2.3.4")).reason());
        CallerIdentification closed = new CallerIdentification(TOKEN, key -> KEYED, false);
        assertEquals("CREDENTIAL_REQUIRED", assertThrows(AuthenticationFailure.class, () -> closed.identify(
                new CallerIdentification.Presented(null, null, "caller-key-one-0123456789", null))).reason());
        assertTrue(closed.identify(new CallerIdentification.Presented("Bearer " + TOKEN, null, null, null)).isOperator());
    }
}
