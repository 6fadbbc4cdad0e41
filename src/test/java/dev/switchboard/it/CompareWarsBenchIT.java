package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * CI runs no load; it checks that bench/compare-wars.sh still runs: two builds of the WAR (here
 * the same one under two names), each in a Tomcat of its own, one second of load a row.
 */
class CompareWarsBenchIT {
    @Test
    void theBeforeAndAfterBenchmarkStillRuns() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("wrk"), "bench/compare-wars.sh needs wrk (apt-get install wrk)");
        Path war = Path.of(System.getProperty("switchboard.it.war"));
        Path dir = Files.createTempDirectory(Path.of("target"), "compare-wars");
        try {
            run(Files.copy(war, dir.resolve("before.war")), Files.copy(war, dir.resolve("after.war")));
        } finally {
            for (String name : List.of("before.war", "after.war")) {
                Files.deleteIfExists(dir.resolve(name));
            }
            Files.deleteIfExists(dir);
        }
    }

    private static void run(Path before, Path after) throws Exception {
        Path log = Path.of("target", "compare-wars-smoke.log");
        ProcessBuilder script = new ProcessBuilder("bash", "bench/compare-wars.sh", before.toString(), after.toString())
                .redirectErrorStream(true).redirectOutput(log.toFile());
        script.environment().putAll(Map.of("ROUNDS", "1", "WARMUP", "1s", "ROWS", "1", "DURATION", "1s",
                "CONNS", "4", "TOMCAT_HOME", System.getProperty("it.tomcat.home")));
        Process process = script.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), "bench/compare-wars.sh failed:\n" + output);
        for (String name : List.of("before.war", "after.war")) {
            // a row with a CPU figure (the server's process was found) and no failed request
            assertTrue(output.lines().anyMatch(line -> line.startsWith(name)
                    && line.matches(".* row 1 .* [0-9]+ cpu us/req .* 0 non-2xx")), "no row of " + name + " in\n" + output);
            assertTrue(output.lines().anyMatch(line -> line.startsWith(name) && line.endsWith("(1 rows)")),
                    "no mean of " + name + " in\n" + output);
        }
    }
}
