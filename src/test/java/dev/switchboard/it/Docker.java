package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;

/** The docker command line, as a user types it: builds, containers, volumes and what they report. */
final class Docker {
    private static final Duration SHORT = Duration.ofSeconds(60);

    /** What a command printed (stdout and stderr together) and its exit code. */
    record Result(int exit, String output) {
        String tail() {
            String[] lines = output.split("\n");
            return String.join("\n", List.of(lines).subList(Math.max(0, lines.length - 40), lines.length));
        }
    }

    private final Path logs;

    Docker(Path logs) {
        this.logs = logs;
    }

    /** Why no engine can be used here, or empty when `docker info` answers. */
    static Optional<String> unavailable() {
        try {
            Result info = new Docker(Files.createTempDirectory("docker-info")).run(Duration.ofSeconds(30),
                    List.of("docker", "info", "--format", "{{.ServerVersion}}"));
            return info.exit() == 0 ? Optional.empty()
                    : Optional.of("no Docker engine answers `docker info`: " + info.tail());
        } catch (IOException e) {
            return Optional.of("`docker info` could not be run: " + e.getMessage());
        }
    }

    Result run(Duration timeout, List<String> command) throws IOException {
        Path log = Files.createTempFile(logs, "docker-", ".log");
        Process process;
        try {
            process = new ProcessBuilder(command).redirectErrorStream(true).redirectOutput(log.toFile()).start();
        } catch (IOException e) {
            return new Result(127, "cannot run " + command.get(0) + ": " + e.getMessage());
        }
        try {
            if (!process.waitFor(timeout.toSeconds(), TimeUnit.SECONDS)) {
                process.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
                return new Result(-1, "timed out after " + timeout + ": " + command + "\n" + Files.readString(log));
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
        return new Result(process.exitValue(), Files.readString(log));
    }

    /** The output of a docker command that must succeed. */
    String ok(Duration timeout, String... arguments) throws IOException {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(arguments));
        Result result = run(timeout, command);
        if (result.exit() != 0) {
            fail(String.join(" ", command) + " exited " + result.exit() + ":\n" + result.tail());
        }
        return result.output().strip();
    }

    String ok(String... arguments) throws IOException {
        return ok(SHORT, arguments);
    }

    /** The docker command without failing the test: for clean-up. */
    void quietly(String... arguments) {
        List<String> command = new ArrayList<>(List.of("docker"));
        command.addAll(List.of(arguments));
        try {
            run(SHORT, command);
        } catch (IOException e) {
            // clean-up of a test that already reports its own outcome
        }
    }

    /** Waits until the container's health check reports healthy; fails when it stops or turns unhealthy. */
    void awaitHealthy(String container, Duration timeout) throws IOException, InterruptedException {
        long deadline = System.nanoTime() + timeout.toNanos();
        String state = "";
        while (System.nanoTime() < deadline) {
            state = ok("inspect", "-f", "{{.State.Status}} {{.State.Health.Status}}", container);
            if (state.equals("running healthy")) {
                return;
            }
            if (!state.startsWith("running") || state.endsWith("unhealthy")) {
                break;
            }
            Thread.sleep(1000);
        }
        fail("container " + container + " is " + state + ", not running healthy; its log:\n"
                + run(SHORT, List.of("docker", "logs", "--tail", "60", container)).output());
    }

    /** The base URL of the container's port 8080 as published on the loopback address. */
    URL published(String container) throws IOException {
        String binding = ok("port", container, "8080/tcp").lines().findFirst().orElseThrow();
        assertEquals("127.0.0.1", binding.substring(0, binding.lastIndexOf(':')), "published on loopback only");
        return URI.create("http://" + binding + "/").toURL();
    }
}
