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

    private Caller identify(String authorization, String apiKey, String callerKey, String address) {
        return identification.identify(new CallerIdentification.Presented(authorization, apiKey, callerKey, address));
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
    void anonymousCallersAreToldApartByKeyThenAddress() {
        Caller one = identify(null, null, "caller-key-one-0123456789", "1.2.3.4");
        Caller two = identify(null, null, "caller-key-two-0123456789", "1.2.3.4");
        assertNotEquals(one.owner(), two.owner(), "same address, different keys: different callers");
        assertEquals(one.owner(), identify(null, null, "caller-key-one-0123456789", "5.6.7.8").owner(),
                "the key follows the caller across addresses");
        assertNotEquals(identify(null, null, null, "1.2.3.4").owner(), identify(null, null, null, "5.6.7.8").owner());
        assertFalse(one.owner().contains("caller-key-one"), "the store never holds the key itself");
        assertEquals(Tier.PUBLIC, one.tier());
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
                new CallerIdentification.Presented(null, null, "caller-key-one-0123456789", "1.2.3.4"))).reason());
        assertTrue(closed.identify(new CallerIdentification.Presented("Bearer " + TOKEN, null, null, "x")).isOperator());
    }
}
