package dev.switchboard.config;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OidcSettingsTest {
    @TempDir
    Path temp;

    private final Map<String, String> env = new HashMap<>();

    private Settings load() {
        env.put("SWITCHBOARD_DATA_DIR", temp.toString());
        return new SettingsLoader(name -> null, name -> null, env).load();
    }

    private InvalidSettingException refused(Setting expected) {
        InvalidSettingException e = assertThrows(InvalidSettingException.class, this::load);
        assertEquals(expected, e.setting(), e.getMessage());
        return e;
    }

    @Test
    void offUnlessAnIssuerIsSet() {
        assertNull(load().oidc());
        assertFalse(load().hasCredentials());
    }

    @Test
    void anIssuerWithAudiencesAndDefaultsForTheRest() {
        env.put("SWITCHBOARD_OIDC_ISSUER", "https://login.example.com/tenant/v2.0");
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "api://switchboard, switchboard");
        env.put("SWITCHBOARD_OIDC_OPERATOR_ROLES", "Switchboard.Operator");
        Settings settings = load();
        OidcSettings oidc = settings.oidc();
        assertEquals(URI.create("https://login.example.com/tenant/v2.0"), oidc.issuer());
        assertEquals(Set.of("api://switchboard", "switchboard"), oidc.audiences());
        assertEquals(URI.create("https://login.example.com/tenant/v2.0/.well-known/openid-configuration"),
                oidc.discoveryUrl());
        assertEquals(OidcSettings.DEFAULT_ROLE_CLAIMS, oidc.roleClaims());
        assertEquals(Set.of("Switchboard.Operator"), oidc.operatorRoles());
        assertTrue(oidc.authenticatedRoles().isEmpty());
        assertTrue(oidc.requiredScopes().isEmpty());
        assertEquals(Duration.ofSeconds(60), oidc.clockSkew());
        assertTrue(settings.hasCredentials());
    }

    @Test
    void anIssuerEndingInASlashKeepsItForTheTokensButNotForDiscovery() {
        env.put("SWITCHBOARD_OIDC_ISSUER", "https://tenant.auth.example/");
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "switchboard");
        OidcSettings oidc = load().oidc();
        assertEquals("https://tenant.auth.example/", oidc.issuer().toString());
        assertEquals("https://tenant.auth.example/.well-known/openid-configuration", oidc.discoveryUrl().toString());
    }

    @Test
    void plainHttpOnlyWhenAllowedAndNeverWithoutAnAudience() {
        env.put("SWITCHBOARD_OIDC_ISSUER", "http://localhost:8180/realms/switchboard");
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "switchboard");
        assertTrue(refused(Setting.OIDC_ISSUER).getMessage().contains("https"));
        env.put("SWITCHBOARD_OIDC_ALLOW_HTTP", "true");
        assertTrue(load().oidc().allowHttp());
        env.remove("SWITCHBOARD_OIDC_AUDIENCE");
        refused(Setting.OIDC_AUDIENCE);
    }

    @Test
    void malformedValuesStopTheStartUpNamingTheSetting() {
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "switchboard");
        for (String bad : List.of("login.example.com", "ftp://login.example.com", "https://user:pw@login.example.com",
                "https://login.example.com/realm?x=1")) {
            env.put("SWITCHBOARD_OIDC_ISSUER", bad);
            refused(Setting.OIDC_ISSUER);
        }
        env.put("SWITCHBOARD_OIDC_ISSUER", "https://login.example.com");
        env.put("SWITCHBOARD_OIDC_ROLE_CLAIMS", "realm_access..roles");
        refused(Setting.OIDC_ROLE_CLAIMS);
        env.remove("SWITCHBOARD_OIDC_ROLE_CLAIMS");
        env.put("SWITCHBOARD_OIDC_CLOCK_SKEW_SECONDS", "3600");
        refused(Setting.OIDC_CLOCK_SKEW);
    }

    @Test
    void introspectionNeedsBothClientIdAndSecretAndNeverShowsTheSecret() {
        env.put("SWITCHBOARD_OIDC_ISSUER", "https://login.example.com");
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "switchboard");
        assertNull(load().oidc().introspection());
        env.put("SWITCHBOARD_OIDC_INTROSPECTION_CLIENT_ID", "switchboard");
        refused(Setting.OIDC_INTROSPECTION_CLIENT_SECRET);
        env.put("SWITCHBOARD_OIDC_INTROSPECTION_CLIENT_SECRET", "s3cret-value");
        OidcSettings oidc = load().oidc();
        assertEquals("switchboard", oidc.introspection().clientId());
        assertFalse(oidc.toString().contains("s3cret-value"), oidc.toString());
        assertTrue(Setting.OIDC_INTROSPECTION_CLIENT_SECRET.isSecret());
    }

    @Test
    void anIssuerIsEnoughToTurnAnonymousAccessOff() {
        env.put("SWITCHBOARD_ANONYMOUS_ACCESS", "false");
        refused(Setting.ANONYMOUS_ACCESS);
        env.put("SWITCHBOARD_OIDC_ISSUER", "https://login.example.com");
        env.put("SWITCHBOARD_OIDC_AUDIENCE", "switchboard");
        assertFalse(load().anonymousAccess());
    }
}
