package dev.switchboard.security;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class TierTest {
    @ParameterizedTest
    @CsvSource({
            "PUBLIC, PUBLIC, true", "PUBLIC, AUTHENTICATED, false", "PUBLIC, OPERATOR, false",
            "AUTHENTICATED, PUBLIC, true", "AUTHENTICATED, AUTHENTICATED, true", "AUTHENTICATED, OPERATOR, false",
            "OPERATOR, PUBLIC, true", "OPERATOR, AUTHENTICATED, true", "OPERATOR, OPERATOR, true"})
    void aTierReachesItselfAndEveryLowerOne(Tier caller, Tier needed, boolean reaches) {
        assertEquals(reaches, caller.reaches(needed));
    }
}
