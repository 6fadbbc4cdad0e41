package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.net.URL;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The Tomcat image's steps without Docker: docker/tomcat/prepare.sh lays the built WAR into the
 * same Tomcat release (its stock server.xml), docker/tomcat/entrypoint.sh starts it with settings
 * from the environment, and docker/healthcheck.sh tells when it is healthy. The card is at the
 * origin root, its endpoints under the public URL, and what Tomcat itself rejects is answered as JSON.
 */
class TomcatImageIT {
    @TempDir
    Path temp;

    @Test
    void theImageScriptsServeTheCardAtTheOriginRoot() throws Exception {
        Path home = temp.resolve("tomcat");
        copyTree(Path.of(System.getProperty("it.tomcat.home")), home);
        Files.copy(Path.of(System.getProperty("it.tomcat.stock.server.xml")), home.resolve("conf/server.xml"),
                StandardCopyOption.REPLACE_EXISTING);
        Path war = Path.of(System.getProperty("switchboard.it.war"));
        assertEquals(0, run(List.of(script("tomcat/prepare.sh"), home.toString(), war.toString()), Map.of()));
        assertTrue(Files.isRegularFile(home.resolve("webapps/ROOT.war")));
        assertTrue(read(home.resolve("conf/context.xml")).contains("<Resources allowLinking=\"true\"/>"),
                "the image's Tomcat skips the canonical-path check (a Linux file system)");
        assertTrue(read(home.resolve("conf/server.xml")).contains("discardRequestsAndResponses=\"true\""),
                "the image's HTTP/2 gives every stream new request objects (README, deployment guide)");
        try (Stream<Path> apps = Files.list(home.resolve("webapps"))) {
            assertEquals(1, apps.count(), "nothing but ROOT.war is deployed");
        }

        int port = ServerProcess.freePort();
        Map<String, String> env = Map.of("HTTP_PORT", Integer.toString(port));
        assertNotEquals(0, run(List.of(script("healthcheck.sh")), env), "unhealthy before the start");

        // the optional image step: one training start-up recorded as an AppCDS archive
        assertEquals(0, run(List.of(script("tomcat/cds-archive.sh"), home.toString()),
                Map.of("HTTP_PORT", Integer.toString(port), "JAVA_HOME", System.getProperty("java.home"))),
                () -> "cds-archive.sh failed: " + read(temp.resolve("script.log")));
        assertTrue(Files.size(home.resolve("switchboard.jsa")) > 0, "the archive is written");

        ProcessBuilder server = new ProcessBuilder("bash", script("tomcat/entrypoint.sh"));
        server.environment().keySet().removeIf(name -> name.startsWith("SWITCHBOARD_") || name.startsWith("CATALINA"));
        server.environment().putAll(Map.of("CATALINA_HOME", home.toString(), "JAVA_HOME", System.getProperty("java.home"),
                "HTTP_PORT", Integer.toString(port), "HTTP_ADDRESS", "127.0.0.1",
                "SWITCHBOARD_DATA_DIR", temp.resolve("data").toString(),
                "SWITCHBOARD_PUBLIC_URL", "https://agent.example.com",
                "SWITCHBOARD_AGENT_NAME", "Imaged", "JAVA_OPTS", "-Xlog:cds=info"));
        Path console = temp.resolve("console.log");
        Process process = server.redirectErrorStream(true).redirectOutput(console.toFile()).start();
        try {
            URL base = URI.create("http://127.0.0.1:" + port + "/").toURL();
            Health.await(base, process, console);
            assertEquals(0, run(List.of(script("healthcheck.sh")), env), "healthy once started");

            HttpResponse<String> card = new Http(base).get("/.well-known/agent-card.json");
            assertEquals(200, card.statusCode());
            assertEquals("Imaged", Http.json(card).getString("name"), "settings from the environment");
            assertEquals("https://agent.example.com/a2a/jsonrpc", Http.json(card).getJsonArray("supportedInterfaces")
                    .getJsonObject(0).getString("url"), "endpoints under the public URL");
            assertTrue(Files.isDirectory(temp.resolve("data")), "the data dir is created");
            ContainerRejections.assertAnsweredAsJson(base);
            assertTrue(read(console).contains("Opened archive " + home.resolve("switchboard.jsa") + "."),
                    "the JVM mapped the recorded archive");
        } finally {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }

    private static String read(Path file) {
        try {
            return Files.readString(file);
        } catch (java.io.IOException e) {
            return "(" + file + " unreadable: " + e.getMessage() + ")";
        }
    }

    private static String script(String name) {
        return Path.of(System.getProperty("it.docker.dir"), name).toString();
    }

    private int run(List<String> command, Map<String, String> env) throws Exception {
        ProcessBuilder builder = new ProcessBuilder(Stream.concat(Stream.of("bash"), command.stream()).toList());
        builder.environment().putAll(env);
        Process process = builder.redirectErrorStream(true).redirectOutput(temp.resolve("script.log").toFile()).start();
        // cds-archive.sh waits up to five minutes for its training start-up
        if (!process.waitFor(360, TimeUnit.SECONDS)) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            throw new AssertionError("script did not finish: " + command + "\n" + read(temp.resolve("script.log")));
        }
        return process.exitValue();
    }

    private static void copyTree(Path from, Path to) throws Exception {
        try (Stream<Path> paths = Files.walk(from)) {
            for (Path path : (Iterable<Path>) paths::iterator) {
                Path target = to.resolve(from.relativize(path).toString());
                if (Files.isDirectory(path)) {
                    Files.createDirectories(target);
                } else {
                    Files.copy(path, target, StandardCopyOption.REPLACE_EXISTING);
                }
            }
        }
    }
}
