package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.File;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The command line as operators run it: {@code java -jar target/switchboard-cli.jar ...}, against the WAR on Tomcat. */
class CliIT extends OnTomcat {
    @TempDir
    Path home;

    /** One run: exit code, standard output, standard error. */
    record Run(int exit, String out, String err) {
        @Override
        public String toString() {
            return "exit " + exit + "\n--- out\n" + out + "\n--- err\n" + err;
        }
    }

    private Run cli(Map<String, String> environment, String... args) throws Exception {
        String jar = System.getProperty("it.cli.jar", "target/switchboard-cli.jar");
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new ArrayList<>(List.of(java, "-jar", jar));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command);
        builder.environment().put("XDG_CONFIG_HOME", home.toString());
        builder.environment().putAll(environment);
        File out = home.resolve("out.txt").toFile();
        File err = home.resolve("err.txt").toFile();
        Process process = builder.redirectOutput(out).redirectError(err).start();
        assertTrue(process.waitFor(120, TimeUnit.SECONDS), "the CLI finished");
        return new Run(process.exitValue(), Files.readString(out.toPath()), Files.readString(err.toPath()));
    }

    private Run cli(String... args) throws Exception {
        return cli(Map.of(), args);
    }

    private String url() {
        return base.toString().replaceAll("/$", "");
    }

    @Test
    void connectInspectsAndSavesThePeer() throws Exception {
        Run run = cli(Map.of("AGENT_TOKEN", "secret-token-value"), "connect", url(), "--inspect",
                "--token", "env:AGENT_TOKEN");
        assertEquals(0, run.exit(), run.toString());
        assertFalse(run.err().contains("warning"), run.toString());
        assertTrue(run.out().contains("over JSONRPC 1.0 at " + url() + "/a2a/jsonrpc"), run.toString());
        assertTrue(run.out().contains("agent-card.json -> HTTP 200"), run.toString());
        assertTrue(run.out().contains("interface HTTP+JSON 1.0 at " + url() + "/a2a/rest tenant acme"), run.toString());
        assertTrue(run.out().contains("will send: Authorization: Bearer ***"), run.toString());
        assertFalse(run.out().contains("secret-token-value") || run.err().contains("secret-token-value"), run.toString());
        String peers = Files.readString(home.resolve("switchboard/peers.json"));
        assertTrue(peers.contains("\"" + url() + "\""), peers);

        Run json = cli("connect", url(), "-o", "json", "--binding", "rest", "--no-save");
        assertEquals(0, json.exit(), json.toString());
        // a secret on the command line works, and is warned about without being shown
        Run literal = cli("connect", url(), "--no-save", "--token", "secret-token-value");
        assertEquals(0, literal.exit(), literal.toString());
        assertTrue(literal.err().contains("warning: --token on the command line"), literal.toString());
        assertFalse(literal.out().contains("secret-token-value") || literal.err().contains("secret-token-value"),
                literal.toString());
        JsonObject answer = Json.createReader(new StringReader(json.out())).readObject();
        assertEquals("HTTP+JSON", answer.getString("binding"));
        assertEquals("1.0", answer.getString("protocolVersion"));
    }

    @Test
    void conformanceRunsARoundTripUnlessNoSend() throws Exception {
        Run run = cli("connect", url(), "--conformance");
        assertEquals(0, run.exit(), run.toString());
        assertTrue(run.out().contains("PASS send"), run.toString());
        assertTrue(run.out().contains("PASS get"), run.toString());
        assertTrue(run.out().contains("PASS cancel"), run.toString());
        assertTrue(run.out().contains("PASS unknown task is not found: TASK_NOT_FOUND -32001"), run.toString());
        assertFalse(run.out().contains("FAIL"), run.toString());
        Run cardOnly = cli("connect", url(), "--conformance", "--no-send");
        assertEquals(0, cardOnly.exit(), cardOnly.toString());
        assertFalse(cardOnly.out().contains("PASS send"), cardOnly.toString());
    }

    @Test
    void sendGetCancelListAndStream() throws Exception {
        Run sent = cli("send", url(), "hello cli", "--metadata", "skill=echo", "-o", "json");
        assertEquals(0, sent.exit(), sent.toString());
        JsonObject task = Json.createReader(new StringReader(sent.out())).readObject();
        assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
        String id = task.getString("id");

        Run got = cli("get", url(), id);
        assertEquals(0, got.exit(), got.toString());
        assertTrue(got.out().startsWith("task " + id + "  COMPLETED"), got.toString());
        assertTrue(got.out().contains("artifact echo: hello cli"), got.toString());

        Run missing = cli("get", url(), "no-such-task");
        assertEquals(1, missing.exit(), missing.toString());
        assertTrue(missing.err().contains("TASK_NOT_FOUND (-32001)"), missing.toString());

        Run slow = cli("send", url(), "slow:30000", "--metadata", "skill=echo", "--return-immediately", "-o", "json");
        assertEquals(0, slow.exit(), slow.toString());
        String slowId = Json.createReader(new StringReader(slow.out())).readObject().getString("id");
        Run canceled = cli("cancel", url(), slowId, "--binding", "rest");
        assertEquals(0, canceled.exit(), canceled.toString());
        assertTrue(canceled.out().startsWith("task " + slowId + "  CANCELED"), canceled.toString());

        Run listed = cli("list", url());
        assertEquals(0, listed.exit(), listed.toString());
        assertTrue(listed.out().contains(id + "  COMPLETED"), listed.toString());

        Run streamed = cli("send", url(), "chunks:2", "--metadata", "skill=echo", "--stream");
        assertEquals(0, streamed.exit(), streamed.toString());
        assertTrue(streamed.out().contains("artifact chunks: chunk-1"), streamed.toString());
        assertTrue(streamed.out().strip().endsWith("status COMPLETED"), streamed.toString());
    }

    @Test
    void savedPeersAreUsedByNameAndBySkill() throws Exception {
        assertEquals(0, cli("connect", url()).exit());
        Run peers = cli("peers", "--skill", "test");
        assertEquals(0, peers.exit(), peers.toString());
        assertTrue(peers.out().contains(url() + "  echo"), peers.toString());
        String name = Json.createReader(new StringReader(cli("connect", url(), "-o", "json").out())).readObject()
                .getString("name");
        Run byName = cli("get", name, "no-such-task");
        assertEquals(1, byName.exit(), byName.toString());
        assertTrue(byName.err().contains("TASK_NOT_FOUND"), byName.toString());
    }

    @Test
    void cardExportAndCheck() throws Exception {
        Path exported = home.resolve("card.json");
        Path exportedKeys = home.resolve("card-jwks.json");
        Run export = cli(Map.of("SWITCHBOARD_TENANT", "acme", "SWITCHBOARD_DATA_DIR", home.resolve("data").toString()),
                "card", "export", "--public-url", url(), "--out", exported.toString(), "--jwks-out",
                exportedKeys.toString());
        assertEquals(0, export.exit(), export.toString());
        assertTrue(Files.readString(exportedKeys).contains("\"kty\":\"EC\""), "the exported card's keys");
        assertTrue(Files.exists(home.resolve("data").resolve("card-signing-key.jwk")), "export signs with the data"
                + " directory's key, as the server does");
        JsonObject card = Json.createReader(new StringReader(Files.readString(exported))).readObject();
        assertEquals(url() + "/a2a/jsonrpc", card.getJsonArray("supportedInterfaces").getJsonObject(0).getString("url"));

        // the server runs on loopback: card check fetches only public addresses unless allowed
        Run refused = cli("card", "check", url(), "--against", exported.toString());
        assertEquals(1, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("--allow-private"), refused.toString());

        // the deployed WAR carries one more skill (the tests' echo skill) than the CLI jar knows
        Run differs = cli("card", "check", url(), "--against", exported.toString(), "--allow-private");
        assertEquals(4, differs.exit(), differs.toString());
        assertTrue(differs.out().contains("DIFF skills["), differs.toString());
        assertTrue(differs.out().contains("\"echo\""), differs.toString());
        Run warned = cli("card", "check", url(), "--against", exported.toString(), "--warn-only", "--allow-private");
        assertEquals(0, warned.exit(), warned.toString());

        HttpResponse<String> published = HttpClient.newHttpClient().send(HttpRequest.newBuilder(
                URI.create(url() + "/.well-known/agent-card.json")).build(), HttpResponse.BodyHandlers.ofString());
        Path same = home.resolve("published.json");
        Files.writeString(same, published.body(), StandardCharsets.UTF_8);
        Run matches = cli("card", "check", url() + "/.well-known/agent-card.json", "--against", same.toString(),
                "--allow-private");
        assertEquals(0, matches.exit(), matches.toString());
        assertTrue(matches.out().contains("the card matches"), matches.toString());

        Run unreachable = cli("card", "check", "http://127.0.0.1:1", "--against", same.toString(), "--allow-private");
        assertEquals(0, unreachable.exit(), unreachable.toString());
        assertTrue(unreachable.out().contains("WARN host unreachable"), unreachable.toString());
    }

    @Test
    void cardVerifyChecksThePublishedSignatures() throws Exception {
        Run verified = cli("card", "verify", url());
        assertEquals(0, verified.exit(), verified.toString());
        assertTrue(verified.out().contains("signature: verified"), verified.toString());
        assertTrue(verified.out().contains("over the card as served"), verified.toString());

        // keys pinned from elsewhere (an export made with another data directory) do not verify it
        Path keys = home.resolve("other-jwks.json");
        Run export = cli(Map.of("SWITCHBOARD_DATA_DIR", home.resolve("other").toString()), "card", "export",
                "--public-url", url(), "--out", home.resolve("other-card.json").toString(), "--jwks-out",
                keys.toString());
        assertEquals(0, export.exit(), export.toString());
        Run refused = cli("card", "verify", url(), "--card-keys", keys.toString());
        assertEquals(4, refused.exit(), refused.toString());
        assertTrue(refused.err().contains("is refused: invalid"), refused.toString());

        // the client commands check signatures too, and can be told to require them
        Run required = cli("connect", url(), "--card-signatures", "require");
        assertEquals(0, required.exit(), required.toString());
        Run pinnedElsewhere = cli("connect", url(), "--card-keys", keys.toString());
        assertEquals(3, pinnedElsewhere.exit(), pinnedElsewhere.toString());
    }

    @Test
    void exitCodesForUnreachableAndBadUsage() throws Exception {
        Run unreachable = cli("get", "http://127.0.0.1:1", "t");
        assertEquals(3, unreachable.exit(), unreachable.toString());
        assertTrue(unreachable.err().contains("cannot reach http://127.0.0.1:1"), unreachable.toString());
        Run usage = cli("send", url());
        assertEquals(2, usage.exit(), usage.toString());
        Run unknownPeer = cli("get", "nobody-saved-this", "t");
        assertEquals(1, unknownPeer.exit(), unknownPeer.toString());
    }
}
