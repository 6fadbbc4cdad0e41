package dev.switchboard.web.binding;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

/** The negotiation rules: the named version wins, then the request's shape, then 0.3; -32009 otherwise. */
class VersionNegotiationTest {

    @ParameterizedTest(name = "named {0}, shape {1}, 0.3 served {2} -> {3}")
    @CsvSource(nullValues = "none", value = {
            // the named version wins over the shape
            "1.0,   V0_3, true,  V1_0",
            "1.0.3, V0_3, true,  V1_0",
            "1,     none, true,  V1_0",
            "1.2,   V0_3, true,  V1_0",
            "0.3,   V1_0, true,  V0_3",
            "0.3.0, none, true,  V0_3",
            // no version named: the shape tells
            "none,  V1_0, true,  V1_0",
            "none,  V0_3, true,  V0_3",
            "'',    V1_0, true,  V1_0",
            // nothing tells: 0.3
            "none,  none, true,  V0_3",
            // 0.3 turned off: 1.0 still works
            "none,  V1_0, false, V1_0",
            "1.0,   V0_3, false, V1_0"})
    void theLineOfARequest(String named, ProtocolVersion shape, boolean v03Served, ProtocolVersion expected) {
        assertEquals(expected, RequestedVersion.of(named).resolve(shape, v03Served));
    }

    @ParameterizedTest(name = "named {0}, shape {1}, 0.3 served {2} -> -32009")
    @CsvSource(nullValues = "none", value = {
            "2.0,   V1_0, true",
            "0.2,   V0_3, true",
            "0.4,   none, true",
            "abc,   V1_0, true",
            "1.0.0.0, V1_0, true",
            "0.3,   V1_0, false",
            "none,  V0_3, false",
            "none,  none, false"})
    void versionsNoServedLineSpeaksAreRefused(String named, ProtocolVersion shape, boolean v03Served) {
        A2AException e = assertThrows(A2AException.class,
                () -> RequestedVersion.of(named).resolve(shape, v03Served));
        assertEquals(A2AError.VERSION_NOT_SUPPORTED, e.error());
        assertEquals(-32009, e.error().jsonRpcCode());
        assertEquals(400, e.error().httpStatus());
    }
}
