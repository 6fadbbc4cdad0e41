package dev.switchboard.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URL;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;

/** Waiting for a server process until the application's /health answers 200. */
final class Health {
    static final long STARTUP_SECONDS = 300;

    private Health() {
    }

    static void await(URL base, Process process, Path console) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        String last = "no answer";
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited:\n" + tail(console));
            }
            try {
                HttpResponse<String> health = client.send(HttpRequest.newBuilder(base.toURI().resolve("health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.ofString());
                if (health.statusCode() == 200) {
                    return;
                }
                last = health.statusCode() + " " + health.body();
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server did not answer within " + STARTUP_SECONDS + " s (last: " + last
                + "):\n" + tail(console) + "\n" + threads(process));
    }

    /** The server's threads, for a start-up that hangs: what it waits on is gone with its JVM. */
    private static String threads(Process process) {
        Path jcmd = Path.of(System.getProperty("java.home"), "bin", "jcmd");
        try {
            Process dump = new ProcessBuilder(jcmd.toString(), Long.toString(process.pid()), "Thread.print")
                    .redirectErrorStream(true).start();
            String out = new String(dump.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
            dump.waitFor(30, TimeUnit.SECONDS);
            return out;
        } catch (IOException e) {
            return "(no thread dump: " + e.getMessage() + ")";
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return "(no thread dump: interrupted)";
        }
    }

    /** The end of the server's console, for the failure message: the test's directory is gone afterwards. */
    private static String tail(Path console) {
        try {
            List<String> lines = Files.readAllLines(console, StandardCharsets.UTF_8);
            return String.join("\n", lines.subList(Math.max(0, lines.size() - 60), lines.size()));
        } catch (IOException | UncheckedIOException e) {
            return "(no console output at " + console + ")";
        }
    }
}
