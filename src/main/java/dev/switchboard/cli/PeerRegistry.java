package dev.switchboard.cli;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArray;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.StringWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.time.Instant;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * Saved peers, in a JSON file ({@code peers.json} in the user's config directory by default), keyed
 * by normalised URL. Saving a peer whose URL is already known refreshes it; a peer with the same
 * name at another URL is a different peer and both are kept. A file in the older name-keyed shape
 * ({@code {"<name>": {"url": ...}}}) is migrated when loaded and written back in the current shape,
 * the original kept beside it as {@code .bak}.
 *
 * <p>Not safe for concurrent writers in several processes: the last save wins.
 */
final class PeerRegistry {
    static final int FORMAT = 2;

    private final Path file;
    private final Map<String, Peer> peers = new LinkedHashMap<>();

    private PeerRegistry(Path file) {
        this.file = file;
    }

    /** The default file: {@code $XDG_CONFIG_HOME/switchboard/peers.json}, else {@code ~/.config/switchboard/peers.json}. */
    static Path defaultFile(Map<String, String> environment, String userHome) {
        String config = environment.get("XDG_CONFIG_HOME");
        if (config == null || config.isBlank()) {
            String appData = environment.get("APPDATA");
            config = appData != null && !appData.isBlank() ? appData : Path.of(userHome, ".config").toString();
        }
        return Path.of(config, "switchboard", "peers.json");
    }

    /** Loads the file (an absent file is an empty registry), migrating the legacy shape. */
    static PeerRegistry load(Path file) throws IOException {
        PeerRegistry registry = new PeerRegistry(file);
        if (!Files.exists(file)) {
            return registry;
        }
        JsonObject json;
        try (var reader = JsonFactory.createReader(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
            json = reader.readObject();
        } catch (RuntimeException e) {
            throw new IOException("the peer file " + file + " is not a JSON object", e);
        }
        if (json.get("peers") instanceof JsonObject current) {
            current.values().forEach(value -> registry.put(peer(value)));
        } else {
            // legacy: keyed by card name
            for (Map.Entry<String, JsonValue> entry : json.entrySet()) {
                if (entry.getValue() instanceof JsonObject legacy && legacy.containsKey("url")) {
                    JsonObject named = legacy.containsKey("name") ? legacy
                            : JsonFactory.createObjectBuilder(legacy).add("name", entry.getKey()).build();
                    registry.put(peer(named));
                }
            }
            Files.copy(file, file.resolveSibling(file.getFileName() + ".bak"), StandardCopyOption.REPLACE_EXISTING);
            registry.save();
        }
        return registry;
    }

    Path file() {
        return file;
    }

    List<Peer> peers() {
        return List.copyOf(peers.values());
    }

    /**
     * Saves or refreshes a peer (by URL) and writes the file.
     *
     * @return the peer as stored
     */
    Peer save(Peer peer) throws IOException {
        put(peer);
        save();
        return peers.get(peer.url());
    }

    /** Forgets the peer at this URL; answers whether one was saved. */
    boolean remove(String url) throws IOException {
        boolean removed = peers.remove(PeerUrl.normalise(url)) != null;
        if (removed) {
            save();
        }
        return removed;
    }

    /**
     * The peer a URL or an alias (card name) denotes.
     *
     * @throws AmbiguousPeerException when several saved peers carry the alias
     */
    Optional<Peer> find(String urlOrAlias) {
        if (PeerUrl.isUrl(urlOrAlias)) {
            return Optional.ofNullable(peers.get(PeerUrl.normalise(urlOrAlias)));
        }
        List<Peer> named = peers.values().stream().filter(p -> urlOrAlias.equals(p.name())).toList();
        if (named.size() > 1) {
            throw new AmbiguousPeerException(urlOrAlias, named.stream().map(Peer::url).toList());
        }
        return named.stream().findFirst();
    }

    /** Which saved peers declare a skill with this id or tag, as (peer URL, skill id) pairs. */
    List<Peer.SkillRef> bySkill(String idOrTag) {
        List<Peer.SkillRef> found = new ArrayList<>();
        for (Peer peer : peers.values()) {
            for (Peer.Skill skill : peer.skills()) {
                if (skill.id().equals(idOrTag) || skill.tags().contains(idOrTag)) {
                    found.add(new Peer.SkillRef(peer.url(), skill.id(), peer.name()));
                }
            }
        }
        return found;
    }

    private void put(Peer peer) {
        peers.put(peer.url(), peer);
    }

    private void save() throws IOException {
        JsonObjectBuilder all = JsonFactory.createObjectBuilder();
        for (Peer peer : peers.values()) {
            all.add(peer.url(), json(peer));
        }
        JsonObject document = JsonFactory.createObjectBuilder().add("format", FORMAT).add("peers", all).build();
        StringWriter text = new StringWriter();
        try (JsonGenerator generator = JsonFactory.createGeneratorFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                .createGenerator(text)) {
            generator.write(document);
        }
        Files.createDirectories(file.toAbsolutePath().getParent());
        Path temporary = file.resolveSibling(file.getFileName() + ".tmp");
        Files.writeString(temporary, text + "\n", StandardCharsets.UTF_8);
        Files.move(temporary, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
    }

    private static JsonObject json(Peer peer) {
        JsonObjectBuilder json = JsonFactory.createObjectBuilder().add("url", peer.url());
        if (peer.name() != null) {
            json.add("name", peer.name());
        }
        JsonArrayBuilder skills = JsonFactory.createArrayBuilder();
        for (Peer.Skill skill : peer.skills()) {
            JsonObjectBuilder item = JsonFactory.createObjectBuilder().add("id", skill.id());
            if (skill.name() != null) {
                item.add("name", skill.name());
            }
            skills.add(item.add("tags", JsonFactory.createArrayBuilder(skill.tags())));
        }
        json.add("skills", skills);
        if (peer.savedAt() != null) {
            json.add("savedAt", peer.savedAt().toString());
        }
        return json.build();
    }

    private static Peer peer(JsonValue value) {
        JsonObject json = (JsonObject) value;
        List<Peer.Skill> skills = array(json, "skills").stream().filter(JsonObject.class::isInstance)
                .map(JsonObject.class::cast).filter(s -> s.get("id") instanceof JsonString)
                .map(s -> new Peer.Skill(s.getString("id"), s.getString("name", null), strings(s, "tags")))
                .toList();
        String savedAt = json.getString("savedAt", null);
        return new Peer(json.getString("url"), json.getString("name", null), skills,
                savedAt == null ? null : Instant.parse(savedAt));
    }

    // lenient: a hand-edited file with a member of the wrong type loses that member, not the peer
    private static JsonArray array(JsonObject json, String name) {
        return json.get(name) instanceof JsonArray array ? array : JsonValue.EMPTY_JSON_ARRAY;
    }

    private static List<String> strings(JsonObject json, String name) {
        return array(json, name).stream().filter(JsonString.class::isInstance)
                .map(v -> ((JsonString) v).getString()).toList();
    }
}
