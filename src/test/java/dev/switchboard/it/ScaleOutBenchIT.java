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
 * CI runs no load; it checks that bench/scale-out.sh still runs, in its smoke mode: its own
 * PostgreSQL, three Tomcats of the built WAR on it, a handful of cross-instance streams (none may
 * lose or repeat an event) and two-second SendMessage rows.
 */
class ScaleOutBenchIT {
    @Test
    void theScaleOutBenchmarkStillRuns() throws Exception {
        Assumptions.assumeFalse("skip".equalsIgnoreCase(setting("switchboard.test.postgres")),
                "PostgreSQL runs skipped (switchboard.test.postgres=skip)");
        Assumptions.assumeTrue(Programs.onPath("wrk"), "bench/scale-out.sh needs wrk (apt-get install wrk)");
        Path log = Path.of("target", "scale-out-smoke.log");
        ProcessBuilder script = new ProcessBuilder("bash", "bench/scale-out.sh")
                .redirectErrorStream(true).redirectOutput(log.toFile());
        Map<String, String> env = script.environment();
        env.put("SMOKE", "1");
        env.put("WAR", System.getProperty("switchboard.it.war"));
        env.put("TOMCAT_HOME", System.getProperty("it.tomcat.home"));
        env.put("PG_JDBC", Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation()
                .toURI()).toString());
        String bin = setting("switchboard.test.postgres.bin");
        if (bin != null) {
            env.put("PG_BIN", bin);
        }
        Process process = script.start();
        if (!process.waitFor(10, TimeUnit.MINUTES)) {
            // the script stops its servers and its PostgreSQL on TERM; what still runs after that is killed
            process.destroy();
            if (!process.waitFor(60, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
            }
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), "bench/scale-out.sh failed:\n" + output);
        assertTrue(output.contains("lost 0, duplicated 0, unexpected 0"), output);
        for (String row : List.of("1 x ", "2 x ", "3 x ")) {
            assertTrue(output.lines().anyMatch(line -> line.startsWith(row)), "no row " + row + "in\n" + output);
        }
    }

    private static String setting(String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(property.toUpperCase().replace('.', '_'));
    }
}
