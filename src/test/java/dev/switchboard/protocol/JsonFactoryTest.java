package dev.switchboard.protocol;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import jakarta.json.JsonObject;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

class JsonFactoryTest {
    /** {@code Json.createObjectBuilder()} and friends, not {@code JsonFactory.create...}. */
    private static final Pattern PER_CALL_LOOKUP = Pattern.compile("(?<![A-Za-z])Json\\.create");

    @Test
    void noProductionCodeLooksTheProviderUpPerCall() throws IOException {
        List<String> offenders;
        try (Stream<Path> files = Files.walk(Path.of("src/main/java"))) {
            offenders = files.filter(file -> file.toString().endsWith(".java"))
                    .filter(file -> PER_CALL_LOOKUP.matcher(read(file)).find())
                    .map(Path::toString)
                    .toList();
        }
        assertEquals(List.of(), offenders, "use JsonFactory instead of jakarta.json.Json's static factories");
    }

    @Test
    void buildsWithTheSameProviderEveryTime() {
        JsonObject object = JsonFactory.createObjectBuilder().add("a", 1).build();
        assertEquals(object, JsonFactory.createObjectBuilder(object).build());
        assertSame(JsonFactory.createObjectBuilder().getClass(), JsonFactory.createObjectBuilder().getClass());
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }
}
