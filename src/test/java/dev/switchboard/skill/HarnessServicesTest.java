package dev.switchboard.skill;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The conformance harness's service file replaces the product's in its build (both have the same
 * path), so it must name every product skill as well as the harness skill.
 */
class HarnessServicesTest {
    private static final String FILE = "META-INF/services/" + Skill.class.getName();

    @Test
    void theHarnessInstallsEveryProductSkill() throws IOException {
        List<String> product = lines(Path.of("src/main/resources").resolve(FILE));
        List<String> harness = lines(Path.of("src/tck/resources").resolve(FILE));
        assertTrue(harness.containsAll(product), "harness " + harness + " lacks some of " + product);
        assertTrue(harness.contains("dev.switchboard.tck.TckSkill"));
    }

    private static List<String> lines(Path file) throws IOException {
        return Files.readAllLines(file).stream().map(String::trim).filter(line -> !line.isEmpty()).toList();
    }
}
