package dev.switchboard.it;

import static org.junit.jupiter.api.Assumptions.assumeTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URLEncoder;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;
import java.util.stream.Stream;

/**
 * A real Keycloak (the distribution from Maven Central, in dev mode) with the test realm
 * {@code src/test/resources/keycloak/switchboard-realm.json} imported: the identity provider of the
 * OIDC and OAuth integration tests. It starts once per test JVM, on the port the build reserved, the
 * first time a test asks for it, and stops with the JVM. Keycloak needs a JDK 21+; where the
 * machine has none, every test that asks is skipped with a notice saying so.
 *
 * <p>The realm ({@code switchboard}): realm roles {@code switchboard-user} and
 * {@code switchboard-operator}; tokens of every client but {@code other-service} carry the audience
 * {@code switchboard}; confidential clients (client credentials) {@code switchboard-service}
 * (user role), {@code switchboard-ops} (operator role), {@code other-service} (no switchboard
 * audience) and {@code switchboard-short} (access tokens live 2 s), each with the secret
 * {@code <client-id>-secret}; the public client {@code switchboard-cli} (authorization code with
 * PKCE S256 required, also on the device grant, which it may use; loopback redirects); the test-only
 * client {@code switchboard-test-login} (password grant, for user tokens); users {@code alice}
 * (user role) and {@code olivia} (operator role), passwords {@code <user>-password}; anonymous
 * dynamic client registration from localhost.
 */
final class Keycloak {
    static final String REALM = "switchboard";
    static final String AUDIENCE = "switchboard";
    private static final Duration START_TIMEOUT = Duration.ofMinutes(5);
    private static Keycloak shared;
    private static String unavailable;

    private final int port;
    private final Process process;
    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(10)).build();

    private Keycloak(int port, Process process) {
        this.port = port;
        this.process = process;
    }

    /** The one Keycloak of this test JVM, started on first use; skips the calling test where none can run. */
    static synchronized Keycloak shared() {
        assumeTrue(unavailable == null, () -> unavailable);
        if (shared == null) {
            try {
                shared = start();
            } catch (Exception e) {
                throw new IllegalStateException("Keycloak did not start: " + e.getMessage(), e);
            }
        }
        return shared;
    }

    /** The realm's issuer, as its tokens name it. */
    String issuer() {
        return "http://localhost:" + port + "/realms/" + REALM;
    }

    /** The realm's OpenID discovery document. */
    URI discovery() {
        return URI.create(issuer() + "/.well-known/openid-configuration");
    }

    URI tokenEndpoint() {
        return URI.create(issuer() + "/protocol/openid-connect/token");
    }

    /** An access token for a confidential client's own service account. */
    String clientCredentialsToken(String clientId, String secret) {
        return token(Map.of("grant_type", "client_credentials", "client_id", clientId, "client_secret", secret))
                .getString("access_token");
    }

    /** A user's access token, by the password grant of the test-only login client. */
    String userToken(String username, String password) {
        return token(Map.of("grant_type", "password", "client_id", "switchboard-test-login",
                "client_secret", "switchboard-test-login-secret", "username", username, "password", password))
                .getString("access_token");
    }

    /** The token endpoint's whole answer to a grant, failing the test on anything but 200. */
    JsonObject token(Map<String, String> form) {
        try {
            HttpResponse<String> response = http.send(HttpRequest.newBuilder(tokenEndpoint())
                    .header("Content-Type", "application/x-www-form-urlencoded")
                    .POST(HttpRequest.BodyPublishers.ofString(formBody(form))).build(),
                    HttpResponse.BodyHandlers.ofString());
            if (response.statusCode() != 200) {
                throw new AssertionError("Keycloak refused the grant (" + response.statusCode() + "): " + response.body());
            }
            return Json.createReader(new StringReader(response.body())).readObject();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException(e);
        }
    }

    static String formBody(Map<String, String> form) {
        return new LinkedHashMap<>(form).entrySet().stream()
                .map(e -> URLEncoder.encode(e.getKey(), StandardCharsets.UTF_8) + "="
                        + URLEncoder.encode(e.getValue(), StandardCharsets.UTF_8))
                .collect(Collectors.joining("&"));
    }

    private static Keycloak start() throws Exception {
        String jdk = findJdk21();
        if (jdk.isEmpty()) {
            unavailable = "SKIPPED: Keycloak needs a JDK 21+ and this machine has none (.ci/run installs one)";
            System.err.println(unavailable);
            assumeTrue(false, unavailable);
        }
        Path home = Path.of(System.getProperty("it.keycloak.home"));
        int port = Integer.parseInt(System.getProperty("it.keycloak.port"));
        Path data = home.resolve("data");
        deleteTree(data);
        Path imports = Files.createDirectories(data.resolve("import"));
        Files.copy(Path.of(System.getProperty("it.keycloak.realm")), imports.resolve("switchboard-realm.json"),
                StandardCopyOption.REPLACE_EXISTING);
        Path log = home.resolve("keycloak.log");
        ProcessBuilder builder = new ProcessBuilder("bash", home.resolve("bin/kc.sh").toString(), "start-dev",
                "--import-realm", "--http-port=" + port, "--http-host=127.0.0.1", "--hostname=localhost");
        builder.environment().put("JAVA_HOME", jdk);
        builder.environment().put("JAVA_OPTS_KC_HEAP", "-Xms64m -Xmx512m");
        Process process = builder.redirectErrorStream(true).redirectOutput(log.toFile()).start();
        Keycloak keycloak = new Keycloak(port, process);
        Runtime.getRuntime().addShutdownHook(new Thread(keycloak::stop));
        keycloak.awaitRealm(log);
        return keycloak;
    }

    private void awaitRealm(Path log) throws Exception {
        long deadline = System.nanoTime() + START_TIMEOUT.toNanos();
        while (System.nanoTime() < deadline) {
            if (!process.isAlive()) {
                throw new IllegalStateException("Keycloak exited (" + process.exitValue() + "); see " + log);
            }
            try {
                HttpResponse<Void> response = http.send(HttpRequest.newBuilder(discovery())
                        .timeout(Duration.ofSeconds(5)).build(), HttpResponse.BodyHandlers.discarding());
                if (response.statusCode() == 200) {
                    return;
                }
            } catch (IOException notYet) {
                // not listening yet
            }
            Thread.sleep(500);
        }
        stop();
        throw new IllegalStateException("Keycloak was not ready within " + START_TIMEOUT + "; see " + log);
    }

    private void stop() {
        process.descendants().forEach(ProcessHandle::destroy);
        process.destroy();
        try {
            if (!process.waitFor(20, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private static String findJdk21() throws IOException, InterruptedException {
        Process find = new ProcessBuilder("bash", System.getProperty("it.find.jdk"), "21")
                .redirectError(ProcessBuilder.Redirect.DISCARD).start();
        String home = new String(find.getInputStream().readAllBytes(), StandardCharsets.UTF_8).trim();
        find.waitFor();
        return home;
    }

    private static void deleteTree(Path dir) throws IOException {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            for (Path path : paths.sorted(java.util.Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
    }
}
