package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.URI;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SettingsLoaderTest {
    @TempDir
    Path temp;

    private final Map<String, String> context = new HashMap<>();
    private final Map<String, String> system = new HashMap<>();
    private final Map<String, String> env = new HashMap<>();

    private Settings load() {
        return new SettingsLoader(context::get, system::get, env).load();
    }

    private void dataDir() {
        context.put("switchboard.data.dir", temp.resolve("data").toString());
    }

    @Test
    void defaultsAreUsable() {
        dataDir();
        Settings settings = load();
        assertEquals(URI.create("http://localhost:8080"), settings.publicUrl());
        assertEquals("Switchboard", settings.agentName());
        assertEquals("1.0.0", settings.cardVersion());
        assertEquals(Duration.ofSeconds(300), settings.cardMaxAge());
        assertEquals(4L * 1024 * 1024, settings.maxRequestBytes());
        assertNull(settings.providerOrganization());
        assertTrue(Files.isDirectory(settings.dataDir()), "data dir is created");
    }

    @Test
    void repeatedFirstSendsAreAnsweredByTheirTaskUnlessSwitchedOff() {
        dataDir();
        assertTrue(load().idempotentSends());
        env.put("SWITCHBOARD_SEND_IDEMPOTENT", "false");
        assertEquals(false, load().idempotentSends());
        env.put("SWITCHBOARD_SEND_IDEMPOTENT", "sometimes");
        InvalidSettingException invalid = assertThrows(InvalidSettingException.class, this::load);
        assertTrue(invalid.getMessage().contains("switchboard.send.idempotent"), invalid.getMessage());
    }

    @Test
    void pushLimitsHaveDefaultsAndAreRead() {
        dataDir();
        PushSettings defaults = load().push();
        assertEquals(10, defaults.maxConfigsPerTask());
        assertEquals(100, defaults.maxConfigsPerCaller());
        assertEquals(4, defaults.threads());
        assertEquals(Duration.ofSeconds(10), defaults.timeout());
        env.put("SWITCHBOARD_PUSH_MAX_CONFIGS_PER_TASK", "3");
        system.put("switchboard.push.max.configs.per.caller", "0");
        context.put("switchboard.push.threads", "8");
        context.put("switchboard.push.timeout.seconds", "2");
        PushSettings read = load().push();
        assertEquals(3, read.maxConfigsPerTask());
        assertEquals(0, read.maxConfigsPerCaller());
        assertEquals(8, read.threads());
        assertEquals(Duration.ofSeconds(2), read.timeout());
        context.put("switchboard.push.threads", "0");
        assertEquals(Setting.PUSH_THREADS, assertThrows(InvalidSettingException.class, this::load).setting());
        context.put("switchboard.push.threads", "4");
        context.put("switchboard.push.timeout.seconds", "0");
        assertEquals(Setting.PUSH_TIMEOUT_SECONDS, assertThrows(InvalidSettingException.class, this::load).setting());
    }

    @Test
    void aContainerDataSourceReplacesTheJdbcUrlButNotBoth() {
        dataDir();
        assertNull(load().dataSource(), "the embedded H2 by default");
        env.put("SWITCHBOARD_DATASOURCE", "java:comp/env/jdbc/switchboard");
        assertEquals("java:comp/env/jdbc/switchboard", load().dataSource());
        context.put("switchboard.jdbc.url", "jdbc:postgresql://db/switchboard");
        InvalidSettingException both = assertThrows(InvalidSettingException.class, this::load);
        assertTrue(both.getMessage().contains("switchboard.datasource"), both.getMessage());
    }

    @Test
    void environmentBeatsSystemPropertyBeatsContextParameter() {
        dataDir();
        context.put("switchboard.agent.name", "from-context");
        assertEquals("from-context", load().agentName());
        system.put("switchboard.agent.name", "from-property");
        assertEquals("from-property", load().agentName());
        env.put("SWITCHBOARD_AGENT_NAME", "from-env");
        assertEquals("from-env", load().agentName());
        env.put("SWITCHBOARD_AGENT_NAME", "  ");
        assertEquals("from-property", load().agentName(), "blank counts as unset");
    }

    @Test
    void everySettingFollowsTheNamingRule() {
        for (Setting setting : Setting.values()) {
            assertTrue(setting.key().startsWith("switchboard."), setting.key());
            assertEquals(setting.key().toUpperCase().replace('.', '_'), setting.environmentName());
        }
    }

    @Test
    void publicUrlIsNormalised() {
        dataDir();
        env.put("SWITCHBOARD_PUBLIC_URL", "https://agent.example.com/base/");
        assertEquals("https://agent.example.com/base", load().publicUrl().toString());
        assertEquals("https://agent.example.com/base/health", load().urlFor("/health"));
    }

    @Test
    void malformedUrlsAreRefusedNamingTheSetting() {
        dataDir();
        for (String bad : new String[] {"not a url", "ftp://example.com", "/relative", "http://", "https://u:p@x.com",
                "https://x.com/?q=1"}) {
            env.put("SWITCHBOARD_PUBLIC_URL", bad);
            InvalidSettingException e = assertThrows(InvalidSettingException.class, this::load, bad);
            assertEquals(Setting.PUBLIC_URL, e.setting());
            assertTrue(e.getMessage().contains("switchboard.public.url"), e.getMessage());
            assertTrue(e.getMessage().contains("SWITCHBOARD_PUBLIC_URL"), e.getMessage());
        }
        env.clear();
        context.put("switchboard.icon.url", "javascript:alert(1)");
        assertEquals(Setting.ICON_URL, assertThrows(InvalidSettingException.class, this::load).setting());
    }

    @Test
    void credentialsInUrlsAreNeverEchoed() {
        dataDir();
        env.put("SWITCHBOARD_DOCUMENTATION_URL", "https://user:s3cret@docs.example.com");
        InvalidSettingException e = assertThrows(InvalidSettingException.class, this::load);
        assertTrue(!e.getMessage().contains("s3cret"), e.getMessage());
    }

    @Test
    void unwritableDataDirIsRefused() throws IOException {
        Path file = Files.writeString(temp.resolve("a-file"), "x");
        context.put("switchboard.data.dir", file.toString());
        assertEquals(Setting.DATA_DIR, assertThrows(InvalidSettingException.class, this::load).setting());

        Path locked = Files.createDirectory(temp.resolve("locked"),
                PosixFilePermissions.asFileAttribute(PosixFilePermissions.fromString("r-x------")));
        context.put("switchboard.data.dir", locked.resolve("inner").toString());
        if (!"root".equals(System.getProperty("user.name"))) {
            assertEquals(Setting.DATA_DIR, assertThrows(InvalidSettingException.class, this::load).setting());
        }
    }

    @Test
    void providerNeedsAnOrganization() {
        dataDir();
        context.put("switchboard.provider.url", "https://example.com");
        assertEquals(Setting.PROVIDER_ORGANIZATION, assertThrows(InvalidSettingException.class, this::load).setting());
        context.put("switchboard.provider.organization", "Example Corp");
        assertEquals("https://example.com", load().providerUrl().toString());
        context.remove("switchboard.provider.url");
        assertEquals(load().publicUrl(), load().providerUrl(), "defaults to the public URL");
    }

    @Test
    void numbersAreChecked() {
        dataDir();
        context.put("switchboard.card.max.age", "60");
        assertEquals(Duration.ofSeconds(60), load().cardMaxAge());
        for (String bad : new String[] {"-1", "soon", "99999999999"}) {
            context.put("switchboard.card.max.age", bad);
            assertEquals(Setting.CARD_MAX_AGE, assertThrows(InvalidSettingException.class, this::load).setting());
        }
        context.remove("switchboard.card.max.age");
        context.put("switchboard.max.request.bytes", "512KB");
        assertEquals(512 * 1024, load().maxRequestBytes());
        context.put("switchboard.max.request.bytes", "2mb");
        assertEquals(2 * 1024 * 1024, load().maxRequestBytes());
        context.put("switchboard.max.request.bytes", "70000");
        assertEquals(70000, load().maxRequestBytes());
        for (String bad : new String[] {"10", "lots", "5000MB", "1KBMB"}) {
            context.put("switchboard.max.request.bytes", bad);
            assertEquals(Setting.MAX_REQUEST_BYTES, assertThrows(InvalidSettingException.class, this::load).setting(),
                    bad);
        }
    }

    @Test
    void accessSettingsAreCheckedWithoutEchoingSecrets() {
        dataDir();
        env.put("SWITCHBOARD_KEY_SECRET", "not base64 at all!!");
        InvalidSettingException bad = assertThrows(InvalidSettingException.class, this::load);
        assertEquals(Setting.KEY_SECRET, bad.setting());
        assertTrue(!bad.getMessage().contains("not base64 at all"), bad.getMessage());
        env.put("SWITCHBOARD_KEY_SECRET", java.util.Base64.getEncoder().encodeToString(new byte[16]));
        assertEquals(Setting.KEY_SECRET, assertThrows(InvalidSettingException.class, this::load).setting(),
                "too short");
        env.put("SWITCHBOARD_KEY_SECRET", java.util.Base64.getEncoder().encodeToString(new byte[32]));
        env.put("SWITCHBOARD_REVOKED_KEYS", " a, b ,,c ");
        Settings settings = load();
        assertTrue(settings.hasCredentials());
        assertEquals(java.util.Set.of("a", "b", "c"), settings.revokedKeys());
        assertEquals("***", settings.keySecret().toString());

        env.clear();
        dataDir();
        env.put("SWITCHBOARD_ANONYMOUS_ACCESS", "false");
        assertEquals(Setting.ANONYMOUS_ACCESS, assertThrows(InvalidSettingException.class, this::load).setting(),
                "closing anonymous access with no credential would refuse everyone");
        env.put("SWITCHBOARD_OPERATOR_TOKEN", "short");
        InvalidSettingException token = assertThrows(InvalidSettingException.class, this::load);
        assertEquals(Setting.OPERATOR_TOKEN, token.setting());
        assertTrue(!token.getMessage().contains("short'"), token.getMessage());
        env.put("SWITCHBOARD_OPERATOR_TOKEN", "x".repeat(32));
        assertTrue(!load().anonymousAccess());
    }

    @Test
    void limitsAndTheModelEndpointAreRead() {
        dataDir();
        assertEquals(RequestLimits.DEFAULT, load().limits());
        env.put("SWITCHBOARD_LIMIT_ANONYMOUS_PER_MINUTE", "0");
        env.put("SWITCHBOARD_MAX_PARTS", "3");
        assertEquals(0, load().limits().anonymousPerMinute());
        assertEquals(3, load().limits().maxParts());
        env.put("SWITCHBOARD_MAX_PARTS", "0");
        assertEquals(Setting.MAX_PARTS, assertThrows(InvalidSettingException.class, this::load).setting());
        env.remove("SWITCHBOARD_MAX_PARTS");
        env.put("SWITCHBOARD_MODEL_URL", "http://127.0.0.1:11434/v1");
        assertEquals(Setting.MODEL_NAME, assertThrows(InvalidSettingException.class, this::load).setting());
        env.put("SWITCHBOARD_MODEL_NAME", "tiny");
        env.put("SWITCHBOARD_MODEL_API_KEY", "model-secret");
        assertEquals("tiny", load().model().model());
        assertTrue(!load().model().toString().contains("model-secret"));
        assertTrue(!load().toString().contains("model-secret"));
    }
}
