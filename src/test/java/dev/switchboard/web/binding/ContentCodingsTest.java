package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class ContentCodingsTest {
    @Test
    void noCodingOrIdentityIsTheBodyAsSent() {
        assertTrue(ContentCodings.isIdentity(null));
        assertTrue(ContentCodings.isIdentity("identity"));
        assertTrue(ContentCodings.isIdentity(" Identity "));
        assertTrue(ContentCodings.isIdentity("identity, identity"));
        assertTrue(ContentCodings.isIdentity(""));
    }

    @Test
    void anyOtherCodingIsNot() {
        assertFalse(ContentCodings.isIdentity("bogus"));
        assertFalse(ContentCodings.isIdentity("gzip"));
        assertFalse(ContentCodings.isIdentity("identity, br"));
        assertFalse(ContentCodings.isIdentity("x-gzip"));
    }
}
