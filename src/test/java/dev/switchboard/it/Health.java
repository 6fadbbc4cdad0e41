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
    private static final long STARTUP_SECONDS = 300;

    private Health() {
    }

    static void await(URL base, Process process, Path console) throws Exception {
        HttpClient client = HttpClient.newHttpClient();
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(STARTUP_SECONDS);
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("the server exited:\n" + tail(console));
            }
            try {
                HttpResponse<Void> health = client.send(HttpRequest.newBuilder(base.toURI().resolve("health"))
                        .timeout(Duration.ofSeconds(2)).build(), HttpResponse.BodyHandlers.discarding());
                if (health.statusCode() == 200) {
                    return;
                }
            } catch (IOException e) {
                // not listening yet
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException("the server did not answer within " + STARTUP_SECONDS + " s:\n" + tail(console));
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
