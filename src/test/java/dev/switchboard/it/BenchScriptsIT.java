package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * CI runs no load; it checks that the benchmarks no other test runs still run, each as briefly as
 * it allows: the cold start, the long run's memory and disk, the streams clients drop and a
 * request's cost by what it does. The last three share one server with rate limits off, as
 * docs/performance.md runs them.
 */
class BenchScriptsIT {
    private static final Pattern FIGURES = Pattern.compile(".*JVM launch to first card 200 [0-9]+ ms \\(ratio [0-9.]+\\), "
            + "to first answered SendMessage [0-9]+ ms \\(ratio [0-9.]+\\), bare Tomcat to first static 200 [0-9]+ ms;.*");

    @TempDir
    static Path temp;
    private static TomcatProcess server;

    @BeforeAll
    static void start() throws Exception {
        server = new TomcatProcess(temp.resolve("base"), temp.resolve("data"), Deployments.builtWar(),
                List.of("switchboard.limit.anonymous.per.minute=0", "switchboard.limit.daily=0",
                        "switchboard.limit.anonymous.tasks.per.minute=0"));
        server.start();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (server != null) {
            server.kill();
        }
    }

    @Test
    void theColdStartBenchmarkStillRuns() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("curl"), "bench/coldstart.sh needs curl");
        // one start of each after the warm-up start; the figures are not read, only that there are figures
        String output = run("coldstart", Map.of("WAR", System.getProperty("switchboard.it.war")), "bench/coldstart.sh", "1");
        assertTrue(output.lines().anyMatch(line -> FIGURES.matcher(line).matches()), "no figures in\n" + output);
        // the script goes on past a start that never answered; its message says so
        assertFalse(output.contains("no card after") || output.contains("no answered SendMessage after"), output);
    }

    @Test
    void theMemoryBenchmarkStillRuns() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("wrk"), "bench/memory.sh needs wrk (apt-get install wrk)");
        String output = run("memory", Map.of("STEP", "1s", "CONNS", "2"), "bench/memory.sh", base(),
                Long.toString(server.pid()), "200", "100", temp.resolve("data").toString());
        // a row with the resident set and the H2 file's size, then the per-request figures
        assertTrue(output.lines().anyMatch(line -> line.trim().matches("[0-9]+ +[0-9]+ +[0-9]+ +\\S+ +[0-9]+ +[0-9]+ .*")),
                "no row with the file's size in\n" + output);
        assertTrue(output.lines().anyMatch(line -> line.matches("per request: [0-9]+ µs server CPU, [0-9]+ KB written")),
                "no per-request figures in\n" + output);
    }

    @Test
    void theDroppedStreamsBenchmarkStillRuns() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("wrk") && Programs.onPath("node"),
                "bench/dropped-streams.sh needs wrk and Node.js");
        String output = run("dropped-streams", Map.of(), "bench/dropped-streams.sh", base(), "1");
        assertTrue(output.lines().anyMatch(line -> line.startsWith("round 1 wrk: requests=")), "no wrk row in\n" + output);
        // what the benchmark is for: after the drops, every probe stream ends completed
        assertTrue(output.lines().anyMatch(line -> line.matches("round 1 probe: completed=[1-9][0-9]* ended_early=0 "
                + "failed=0 never_ended=0")), "no clean probe row in\n" + output);
    }

    @Test
    void theRequestFloorBenchmarkStillRuns() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("wrk"), "bench/request-floor.sh needs wrk (apt-get install wrk)");
        String output = run("request-floor", Map.of("WARMUP", "1s", "DURATION", "1s", "CONNS", "2"),
                "bench/request-floor.sh", base(), Long.toString(server.pid()), "1");
        for (String row : List.of("send", "refused", "get", "card")) {
            // load.sh's columns: req/s, p50 and p99 ms, every answer a 2xx (the refusal is a JSON-RPC
            // error in a 200), socket errors, and a CPU figure
            Pattern figures = Pattern.compile(row + " +[0-9]+ +[0-9.]+ +[0-9.]+ +0 +[0-9]+ +[0-9]+");
            assertTrue(output.lines().filter(line -> figures.matcher(line).matches()).count() == 2,
                    "no warm-up and round-1 rows of " + row + " in\n" + output);
        }
    }

    private static String base() {
        return server.url().toString().replaceAll("/$", "");
    }

    private static String run(String name, Map<String, String> environment, String... command) throws Exception {
        Path log = Path.of("target", name + "-smoke.log");
        ProcessBuilder script = new ProcessBuilder(concat("bash", command)).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        script.environment().putAll(environment);
        script.environment().put("TOMCAT_HOME", System.getProperty("it.tomcat.home"));
        Process process = script.start();
        if (!process.waitFor(5, TimeUnit.MINUTES)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly().waitFor(30, TimeUnit.SECONDS);
        }
        String output = Files.readString(log);
        assertEquals(0, process.exitValue(), command[0] + " failed:\n" + output);
        return output;
    }

    private static String[] concat(String first, String... rest) {
        String[] all = new String[rest.length + 1];
        all[0] = first;
        System.arraycopy(rest, 0, all, 1, rest.length);
        return all;
    }
}
