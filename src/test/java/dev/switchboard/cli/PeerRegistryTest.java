package dev.switchboard.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class PeerRegistryTest {
    @TempDir
    Path dir;

    private static Peer peer(String url, String name, String skill, String... tags) {
        return new Peer(url, name, List.of(new Peer.Skill(skill, skill, List.of(tags))), Instant.EPOCH);
    }

    @Test
    void urlsAreNormalisedToSchemeHostPortAndPath() {
        assertEquals("https://agent.example", PeerUrl.normalise("HTTPS://Agent.Example:443/"));
        assertEquals("http://agent.example:8080/a2a", PeerUrl.normalise("http://agent.example:8080/a2a//?x=1#f"));
        assertEquals("http://agent.example", PeerUrl.normalise("http://agent.example:80/.well-known/agent-card.json"));
        assertEquals("https://agent.example/team", PeerUrl.normalise("https://user:pw@agent.example/team/.well-known/agent.json"));
        assertEquals("https://agent.example/Team", PeerUrl.normalise("https://agent.example/Team"));
        assertThrows(IllegalArgumentException.class, () -> PeerUrl.normalise("ftp://agent.example"));
        assertThrows(IllegalArgumentException.class, () -> PeerUrl.normalise("agent.example"));
    }

    @Test
    void theSameUrlSpelledDifferentlyIsOnePeer() throws Exception {
        PeerRegistry registry = PeerRegistry.load(dir.resolve("peers.json"));
        registry.save(peer("https://a.example/", "Alpha", "s"));
        registry.save(peer("HTTPS://A.EXAMPLE:443", "Alpha renamed", "s"));
        assertEquals(1, registry.peers().size());
        assertEquals("Alpha renamed", registry.find("https://a.example").orElseThrow().name());
    }

    @Test
    void aSecondPeerWithTheSameNameDoesNotOverwriteAndTheAliasIsAmbiguous() throws Exception {
        Path file = dir.resolve("peers.json");
        PeerRegistry registry = PeerRegistry.load(file);
        registry.save(peer("https://real.example", "Helper", "s"));
        registry.save(peer("https://impostor.example", "Helper", "s"));
        PeerRegistry reloaded = PeerRegistry.load(file);
        assertEquals(2, reloaded.peers().size());
        AmbiguousPeerException e = assertThrows(AmbiguousPeerException.class, () -> reloaded.find("Helper"));
        assertEquals(List.of("https://real.example", "https://impostor.example"), e.urls());
        assertEquals("https://real.example", reloaded.find("https://real.example/").orElseThrow().url());
        assertTrue(reloaded.find("Nobody").isEmpty());
    }

    @Test
    void aUniqueAliasFindsItsPeer() throws Exception {
        PeerRegistry registry = PeerRegistry.load(dir.resolve("peers.json"));
        registry.save(peer("https://a.example", "Alpha", "s"));
        assertEquals("https://a.example", registry.find("Alpha").orElseThrow().url());
    }

    @Test
    void skillsAreFoundByIdOrTagAndNamedByPeerUrl() throws Exception {
        PeerRegistry registry = PeerRegistry.load(dir.resolve("peers.json"));
        registry.save(peer("https://a.example", "Same", "translate", "language"));
        registry.save(peer("https://b.example", "Same", "summarise", "language", "text"));
        assertEquals(List.of(new Peer.SkillRef("https://a.example", "translate", "Same"),
                new Peer.SkillRef("https://b.example", "summarise", "Same")), registry.bySkill("language"));
        assertEquals(List.of(new Peer.SkillRef("https://b.example", "summarise", "Same")), registry.bySkill("summarise"));
        assertTrue(registry.bySkill("nothing").isEmpty());
    }

    @Test
    void aLegacyNameKeyedFileIsMigratedOnLoad() throws Exception {
        Path file = dir.resolve("peers.json");
        Files.writeString(file, """
                {"Helper": {"url": "HTTPS://Helper.Example/", "skills": [{"id": "s", "tags": ["t"]}]},
                 "Other": {"url": "http://other.example:8080/agent/"}}""");
        PeerRegistry registry = PeerRegistry.load(file);
        assertEquals(2, registry.peers().size());
        Peer helper = registry.find("Helper").orElseThrow();
        assertEquals("https://helper.example", helper.url());
        assertEquals(List.of(new Peer.SkillRef("https://helper.example", "s", "Helper")), registry.bySkill("t"));
        assertEquals("http://other.example:8080/agent", registry.find("Other").orElseThrow().url());
        assertTrue(Files.readString(file).contains("\"format\""), "rewritten in the current shape");
        assertTrue(Files.exists(dir.resolve("peers.json.bak")));
        assertEquals(2, PeerRegistry.load(file).peers().size());
    }

    @Test
    void removeForgetsByUrlAndTheDefaultFileFollowsXdg() throws Exception {
        PeerRegistry registry = PeerRegistry.load(dir.resolve("peers.json"));
        registry.save(peer("https://a.example", "A", "s"));
        assertTrue(registry.remove("https://A.example/"));
        assertTrue(registry.peers().isEmpty());
        assertEquals(Path.of("/x/switchboard/peers.json"), PeerRegistry.defaultFile(Map.of("XDG_CONFIG_HOME", "/x"), "/h"));
        assertEquals(Path.of("/h/.config/switchboard/peers.json"), PeerRegistry.defaultFile(Map.of(), "/h"));
    }
}
