package dev.switchboard.skill.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.api.Test;

/** A malformed catalogue is refused with a message naming the entry and the field. */
class CatalogueTest {
    private static final String GOOD = "{\"id\":\"x\",\"name\":\"X\",\"aliases\":[],\"kind\":\"sdk\",\"languages\":[],"
            + "\"licence\":\"MIT\",\"a2a\":\"native\",\"lines\":[\"1.0\"],\"roles\":null,\"bindings\":[\"GRPC\"],"
            + "\"streaming\":null,\"setup\":\"s\",\"source\":\"u\",\"checked\":\"2026-11-29\"}";

    private static Catalogue parse(String entries) {
        return Catalogue.parse(("{\"entries\":[" + entries + "]}").getBytes(StandardCharsets.UTF_8), "test.json");
    }

    @Test
    void aGoodEntryParses() {
        CatalogueEntry entry = parse(GOOD).entries().get(0);
        assertEquals("x", entry.id());
        assertEquals(null, entry.roles());
        assertEquals(null, entry.streaming());
    }

    @ParameterizedTest
    @CsvSource(delimiter = '|', textBlock = """
            "kind":"sdk"             | "kind":"toolkit"          | "kind" must be one of
            "a2a":"native"           | "a2a":"sometimes"         | "a2a" must be one of
            "lines":["1.0"]          | "lines":["2.0"]           | "lines" may hold only
            "bindings":["GRPC"]      | "bindings":["SOAP"]       | "bindings" may hold only
            "checked":"2026-11-29"   | "checked":"yesterday"     | "checked" must be a date
            "name":"X"               | "name":""                 | "name" must be a non-empty string
            "id":"x"                 | "id":"Not An Id"          | "id" must be lowercase
            "streaming":null         | "streaming":"yes"         | "streaming" must be true, false or null
            "languages":[]           | "languages":"Java"        | "languages" must be a list
            """)
    void badFieldsAreNamedWithTheirEntry(String good, String bad, String message) {
        CatalogueException e = assertThrows(CatalogueException.class, () -> parse(GOOD.replace(good, bad)));
        assertTrue(e.getMessage().contains("test.json: entry 1"), e.getMessage());
        assertTrue(e.getMessage().contains(message), e.getMessage());
    }

    @Test
    void structuralProblemsAreNamed() {
        assertTrue(assertThrows(CatalogueException.class, () -> parse(GOOD + "," + GOOD)).getMessage()
                .contains("\"x\" appears twice"));
        assertTrue(assertThrows(CatalogueException.class, () -> parse(GOOD.replace("\"a2a\":\"native\"",
                "\"a2a\":\"none\""))).getMessage().contains("\"lines\" must be empty"));
        assertTrue(assertThrows(CatalogueException.class, () -> Catalogue.parse("[]".getBytes(StandardCharsets.UTF_8),
                "t.json")).getMessage().contains("not a JSON object"));
        assertTrue(assertThrows(CatalogueException.class, () -> Catalogue.parse("{}".getBytes(StandardCharsets.UTF_8),
                "t.json")).getMessage().contains("no \"entries\""));
    }
}
