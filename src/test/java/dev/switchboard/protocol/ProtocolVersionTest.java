package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Optional;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class ProtocolVersionTest {
    @ParameterizedTest
    @CsvSource({"1.0,1.0", "1,1.0", "1.0.1,1.0", "1.1,1.0", " 1.0 ,1.0", "0.3,0.3", "0.3.0,0.3", "0.3.7,0.3"})
    void servedVersions(String value, String line) {
        assertEquals(line, ProtocolVersion.parse(value).orElseThrow().label());
    }

    @ParameterizedTest
    @CsvSource({"2.0", "0.2", "0.2.6", "0", "abc", "1.x", "1.0.0.0", "''", "-1.0", "1.-1"})
    void unservedVersions(String value) {
        assertEquals(Optional.empty(), ProtocolVersion.parse(value));
    }
}
