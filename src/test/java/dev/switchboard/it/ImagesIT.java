package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;

/**
 * docker/tomcat and docker/payara built and run on a Docker engine as the README tells users to:
 * each container runs as the non-root user, turns healthy by its own health check
 * (/health/ready), takes its settings from the environment, answers the card and a SendMessage,
 * and a new container on the same volume still has the task. Where no registry is reachable the
 * base images are stand-ins made by src/it/docker/stand-in-images.sh and given as build arguments.
 * Without an engine (or debootstrap for the stand-ins) the tests are skipped with a banner saying why.
 */
class ImagesIT {
    private static final Path REPOSITORY = Path.of(System.getProperty("it.docker.dir")).getParent();
    private static final Path WORK = Path.of(System.getProperty("it.docker.work"));
    private static final String RUN = Long.toString(ProcessHandle.current().pid());
    private static final Duration BUILD = Duration.ofMinutes(10);
    private static final Duration START = Duration.ofMinutes(4);
    private static Map<String, String> baseImages;

    @Test
    void theTomcatImageServesFromItsVolume() throws Exception {
        Docker docker = engine();
        servesFromItsVolume(docker, "tomcat", buildArguments(docker, "BASE_IMAGE"));
    }

    @Test
    void thePayaraImageServesFromItsVolume() throws Exception {
        Docker docker = engine();
        servesFromItsVolume(docker, "payara", buildArguments(docker, "JDK_IMAGE", "JRE_IMAGE"));
    }

    /**
     * Docker Compose v2 checks the file as it is; Debian's docker-compose 1.29 predates the
     * top-level `name`, the only line it is not given.
     */
    @Test
    void theComposeFileIsValid() throws Exception {
        Files.createDirectories(WORK);
        Docker docker = new Docker(WORK);
        Path file = REPOSITORY.resolve("docker/compose.yaml");
        List<String> compose;
        String input = null;
        if (docker.run(Duration.ofSeconds(30), List.of("docker", "compose", "version")).exit() == 0) {
            compose = List.of("docker", "compose", "-f", file.toString(), "--profile", "payara");
        } else if (docker.run(Duration.ofSeconds(30), List.of("docker-compose", "version")).exit() == 0) {
            String text = Files.readString(file);
            assertTrue(text.contains("\nname: switchboard\n"), "the project is named");
            input = text.replace("\nname: switchboard\n", "\n");
            compose = List.of("docker-compose", "-f", "-", "--profile", "payara");
        } else {
            throw skip("neither `docker compose` nor `docker-compose` is installed; docker/compose.yaml is not checked");
        }
        Docker.Result services = compose(docker, compose, input, "config", "--services");
        assertEquals(0, services.exit(), services::output);
        assertEquals(List.of("db", "payara", "tomcat"), services.output().lines().sorted().toList());
        Docker.Result config = compose(docker, compose, input, "config");
        assertEquals(0, config.exit(), config::output);
        for (String server : List.of("tomcat", "payara")) {
            assertTrue(config.output().contains("dockerfile: docker/" + server + "/Dockerfile"), config::output);
            assertTrue(Files.isRegularFile(REPOSITORY.resolve("docker/" + server + "/Dockerfile")));
        }
        assertTrue(config.output().contains("context: " + REPOSITORY), "built from the repository root");
    }

    private static Docker.Result compose(Docker docker, List<String> compose, String input, String... command)
            throws Exception {
        List<String> line = new ArrayList<>(compose);
        line.addAll(List.of(command));
        if (input == null) {
            return docker.run(Duration.ofSeconds(60), line);
        }
        // read from stdin, the file's relative paths are taken from the working directory: docker/
        Path stdin = Files.writeString(Files.createTempFile(WORK, "compose-", ".yaml"), input);
        List<String> redirected = new ArrayList<>(List.of("bash", "-c", "cd \"$0\" && \"${@:2}\" < \"$1\"",
                REPOSITORY.resolve("docker").toString(), stdin.toString()));
        redirected.addAll(line);
        return docker.run(Duration.ofSeconds(60), redirected);
    }

    private void servesFromItsVolume(Docker docker, String server, List<String> buildArguments) throws Exception {
        String image = "switchboard-it/" + server + ":" + RUN;
        String volume = "switchboard-it-" + server + "-" + RUN;
        String first = volume + "-1";
        String second = volume + "-2";
        List<String> build = new ArrayList<>(List.of("build", "--quiet", "-f", "docker/" + server + "/Dockerfile", "-t", image));
        build.addAll(buildArguments);
        build.add(REPOSITORY.toString());
        try {
            long started = System.nanoTime();
            docker.ok(BUILD, build.toArray(String[]::new));
            System.out.printf("ImagesIT: %s built in %d s%n", image, secondsSince(started));
            assertEquals("switchboard", docker.ok("image", "inspect", "-f", "{{.Config.User}}", image));
            assertEquals("[\"CMD\",\"healthcheck.sh\"]",
                    docker.ok("image", "inspect", "-f", "{{json .Config.Healthcheck.Test}}", image));
            docker.ok("volume", "create", volume);

            URL base = start(docker, image, volume, first);
            String status = docker.ok("exec", first, "grep", "^Uid:", "/proc/1/status");
            assertEquals(List.of("10001", "10001", "10001", "10001"), List.of(status.split("\\s+")).subList(1, 5),
                    "the server process runs as switchboard: " + status);
            JsonObject card = Http.json(new Http(base).get("/.well-known/agent-card.json"));
            assertEquals("Imaged", card.getString("name"), "settings from the environment");
            assertEquals("https://agent.example.com/a2a/jsonrpc",
                    card.getJsonArray("supportedInterfaces").getJsonObject(0).getString("url"));
            JsonObject task = new JsonRpc(new Http(base)).result("SendMessage", question()).getJsonObject("task");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"), task::toString);
            assertFalse(task.getJsonArray("artifacts").isEmpty(), "the question is answered: " + task);

            // a new container on the same volume: what the first one stored is there
            docker.ok(Duration.ofSeconds(90), "stop", "-t", "60", first);
            base = start(docker, image, volume, second);
            JsonObject again = new JsonRpc(new Http(base)).result("GetTask", JsonRpc.id(task.getString("id")));
            assertEquals(task.getJsonArray("artifacts"), again.getJsonArray("artifacts"), again::toString);
            assertEquals("TASK_STATE_COMPLETED", again.getJsonObject("status").getString("state"));
        } finally {
            docker.quietly("rm", "-f", first, second);
            docker.quietly("volume", "rm", volume);
            docker.quietly("rmi", image);
        }
    }

    private static URL start(Docker docker, String image, String volume, String name) throws Exception {
        docker.ok("run", "--detach", "--name", name, "--publish", "127.0.0.1::8080",
                "--volume", volume + ":/var/lib/switchboard",
                "--env", "SWITCHBOARD_PUBLIC_URL=https://agent.example.com", "--env", "SWITCHBOARD_AGENT_NAME=Imaged",
                // the image's own check, run more often than its 30 s so that the test need not wait
                "--health-interval", "2s", image);
        long started = System.nanoTime();
        docker.awaitHealthy(name, START);
        System.out.printf("ImagesIT: %s healthy after %d s%n", name, secondsSince(started));
        return docker.published(name);
    }

    /** A question for the catalogue skill the product carries (no test skill is in the image). */
    private static JsonObject question() {
        return Json.createObjectBuilder().add("message", Json.createObjectBuilder()
                .add("messageId", UUID.randomUUID().toString()).add("role", "ROLE_USER")
                .add("parts", Json.createArrayBuilder().add(Json.createObjectBuilder().add("text", "Which SDKs support A2A?"))))
                .build();
    }

    /** An engine that answers, or the test is skipped with the reason. */
    private static Docker engine() throws Exception {
        Files.createDirectories(WORK);
        String reason = Docker.unavailable().orElse(null);
        if (reason != null) {
            throw skip(reason + " (.ci/run installs docker.io and starts dockerd)");
        }
        return new Docker(WORK);
    }

    /** --build-arg NAME=IMAGE for each of the names, from the stand-ins made once per test run. */
    private static List<String> buildArguments(Docker docker, String... names) throws Exception {
        synchronized (ImagesIT.class) {
            if (baseImages == null) {
                baseImages = standIns(docker);
            }
        }
        List<String> arguments = new ArrayList<>();
        for (String name : names) {
            String image = baseImages.get(name);
            if (image == null) {
                throw skip("no stand-in for " + name + ": it needs a JDK " + System.getProperty("payara.java.min", "21")
                        + "+ (scripts/find-jdk.sh found none)");
            }
            arguments.addAll(List.of("--build-arg", name + "=" + image));
        }
        return arguments;
    }

    private static Map<String, String> standIns(Docker docker) throws Exception {
        List<String> command = new ArrayList<>(List.of("bash", REPOSITORY.resolve("src/it/docker/stand-in-images.sh").toString(),
                WORK.resolve("stand-in").toString(), System.getProperty("it.tomcat.zip"), System.getProperty("java.home")));
        String java21 = System.getProperty("it.payara.java.home", "");
        if (!java21.isBlank() && !java21.startsWith("${")) {
            command.add(java21);
        }
        long started = System.nanoTime();
        Docker.Result made = docker.run(Duration.ofMinutes(10), command);
        if (made.exit() == 3) {
            throw skip("the stand-in base images cannot be made here: " + made.tail());
        }
        assertEquals(0, made.exit(), () -> "stand-in-images.sh failed:\n" + made.tail());
        System.out.printf("ImagesIT: stand-in base images ready in %d s%n", secondsSince(started));
        Map<String, String> images = new LinkedHashMap<>();
        made.output().lines().filter(line -> line.matches("[A-Z_]+=\\S+"))
                .forEach(line -> images.put(line.substring(0, line.indexOf('=')), line.substring(line.indexOf('=') + 1)));
        return images;
    }

    private static long secondsSince(long nanoTime) {
        return Duration.ofNanos(System.nanoTime() - nanoTime).toSeconds();
    }

    private static RuntimeException skip(String why) {
        String reason = why.strip().replaceAll("\\s+", " ");
        String banner = "*".repeat(100);
        System.err.printf("%n%s%nImagesIT SKIPPED: %s%n%s%n%n", banner, reason, banner);
        Assumptions.abort("ImagesIT skipped: " + reason);
        return new IllegalStateException("unreachable");
    }
}
