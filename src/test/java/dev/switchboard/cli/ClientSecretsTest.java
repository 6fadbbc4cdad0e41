package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.FakeAgent;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Secrets reach the CLI through environment variables and files; one on the command line is warned about. */
class ClientSecretsTest {
    static final String CARD = """
            {"name":"Agent","description":"d","version":"1","capabilities":{},"defaultInputModes":[],
             "defaultOutputModes":[],"skills":[],
             "supportedInterfaces":[{"url":"$BASE/rpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}]}""";
    static final String TASK = """
            {"jsonrpc":"2.0","id":1,"result":{"id":"t1","contextId":"c1","status":{"state":"TASK_STATE_COMPLETED"}}}""";

    @TempDir
    Path dir;

    private final FakeAgent agent;

    ClientSecretsTest() throws Exception {
        agent = new FakeAgent();
        agent.answer("/.well-known/agent-card.json", 200, CARD).answer("/rpc", 200, TASK);
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    private String lastCall(String header) {
        return agent.received.get(agent.received.size() - 1).header(header);
    }

    private MainTest.Outcome get(Map<String, String> environment, String... options) {
        List<String> args = new java.util.ArrayList<>(List.of("get", agent.base(), "t1"));
        args.addAll(List.of(options));
        return MainTest.run(environment, args.toArray(String[]::new));
    }

    private String file(String name, String content) throws Exception {
        Path file = dir.resolve(name);
        Files.writeString(file, content, StandardCharsets.UTF_8);
        return file.toString();
    }

    @Test
    void secretsComeFromEnvironmentVariablesAndFiles() throws Exception {
        MainTest.Outcome fromEnv = get(Map.of("AGENT_TOKEN", "env-token-0123"), "--token", "env:AGENT_TOKEN");
        assertEquals(0, fromEnv.exit(), fromEnv.err());
        assertEquals("Bearer env-token-0123", lastCall("Authorization"));
        assertFalse(fromEnv.err().contains("warning"), fromEnv.err());

        MainTest.Outcome fromFile = get(Map.of(), "--token-file", file("token", "file-token-0123\n"));
        assertEquals(0, fromFile.exit(), fromFile.err());
        assertEquals("Bearer file-token-0123", lastCall("Authorization"));

        assertEquals(0, get(Map.of(), "--token", "@" + file("token2", "at-token-0123\r\n")).exit());
        assertEquals("Bearer at-token-0123", lastCall("Authorization"));

        assertEquals(0, get(Map.of(), "--api-key", "@" + file("key", "key-0123\n")).exit());
        assertEquals("key-0123", lastCall("X-API-Key"));

        assertEquals(0, get(Map.of("BASIC", "ann:pw-0123"), "--basic", "env:BASIC").exit());
        assertEquals("Basic " + Base64.getEncoder().encodeToString("ann:pw-0123".getBytes(StandardCharsets.UTF_8)),
                lastCall("Authorization"));

        MainTest.Outcome headers = get(Map.of(), "--header", "@" + file("headers", "X-Gateway: gw-0123\nX-Team: blue\n"));
        assertEquals(0, headers.exit(), headers.err());
        assertEquals("gw-0123", lastCall("X-Gateway"));
        assertEquals("blue", lastCall("X-Team"));
    }

    @Test
    void credentialsGoToAnotherOriginOnlyWhenAllowed() throws Exception {
        try (FakeAgent elsewhere = new FakeAgent()) {
            elsewhere.answer("/rpc", 200, TASK);
            agent.answer("/.well-known/agent-card.json", 200, CARD.replace("$BASE", elsewhere.base()));
            Map<String, String> environment = Map.of("AGENT_TOKEN", "env-token-0123");
            MainTest.Outcome refused = get(environment, "--token", "env:AGENT_TOKEN");
            assertEquals(Main.UNREACHABLE, refused.exit(), refused.err());
            assertTrue(refused.err().contains(elsewhere.base()) && refused.err().contains("--allow-origin "
                    + elsewhere.base()), refused.err());
            assertTrue(elsewhere.received.isEmpty());
            MainTest.Outcome allowed = get(environment, "--token", "env:AGENT_TOKEN", "--allow-origin", elsewhere.base());
            assertEquals(0, allowed.exit(), allowed.err());
            assertEquals("Bearer env-token-0123", elsewhere.received.get(0).header("Authorization"));
        }
    }

    @Test
    void keysVerifyReadsTheKeyFromAFileOrTheEnvironment() throws Exception {
        String secret = dev.switchboard.security.ApiKeys.newSecret();
        Map<String, String> configured = Map.of("SWITCHBOARD_KEY_SECRET", secret);
        String key = MainTest.run(configured, "keys", "issue", "reader").out().strip();
        Map<String, String> withKey = Map.of("SWITCHBOARD_KEY_SECRET", secret, "THE_KEY", key);
        MainTest.Outcome fromEnv = MainTest.run(withKey, "keys", "verify", "env:THE_KEY");
        assertEquals(0, fromEnv.exit(), fromEnv.out() + fromEnv.err());
        assertEquals("", fromEnv.err());
        assertEquals(0, MainTest.run(configured, "keys", "verify", "@" + file("key", key + "\n")).exit());
        MainTest.Outcome literal = MainTest.run(configured, "keys", "verify", key);
        assertEquals(0, literal.exit());
        assertTrue(literal.err().contains("warning: KEY on the command line") && !literal.err().contains(key),
                literal.err());
    }

    @Test
    void aSecretOnTheCommandLineStillWorksButIsWarnedAboutWithoutBeingShown() {
        MainTest.Outcome literal = get(Map.of(), "--token", "literal-token-0123");
        assertEquals(0, literal.exit(), literal.err());
        assertEquals("Bearer literal-token-0123", lastCall("Authorization"));
        assertTrue(literal.err().contains("warning: --token on the command line"), literal.err());
        assertFalse(literal.err().contains("literal-token-0123") || literal.out().contains("literal-token-0123"));
    }

    @Test
    void neitherHelpNorErrorsShowASecret() throws Exception {
        Map<String, String> environment = Map.of("AGENT_TOKEN", "env-token-0123");
        MainTest.Outcome help = MainTest.run(environment, "send", "--help");
        assertEquals(0, help.exit());
        assertTrue(help.out().contains("--token-file") && help.out().contains("env:NAME"), help.out());
        assertFalse(help.out().contains("env-token-0123"), help.out());

        MainTest.Outcome unset = get(environment, "--token", "env:NOT_SET");
        assertEquals(1, unset.exit(), unset.err());
        assertTrue(unset.err().contains("NOT_SET"), unset.err());

        MainTest.Outcome badBasic = get(Map.of(), "--basic", "@" + file("basic", "no-colon-secret-0123"));
        assertEquals(1, badBasic.exit(), badBasic.err());
        assertFalse(badBasic.err().contains("no-colon-secret-0123"), badBasic.err());

        MainTest.Outcome badOauth = get(Map.of("CLIENT", "only-an-id-0123"), "--oauth-client", "env:CLIENT");
        assertEquals(1, badOauth.exit(), badOauth.err());
        assertFalse(badOauth.err().contains("only-an-id-0123"), badOauth.err());

        MainTest.Outcome missingFile = get(Map.of(), "--token-file", dir.resolve("nowhere").toString());
        assertEquals(1, missingFile.exit(), missingFile.err());
        assertTrue(missingFile.err().contains("nowhere"), missingFile.err());
        assertTrue(agent.received.isEmpty(), "no request went out with a broken secret");
    }
}
