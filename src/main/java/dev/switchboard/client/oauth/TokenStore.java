package dev.switchboard.client.oauth;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.DirectoryStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HexFormat;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

/**
 * Where OAuth logins are kept: one JSON file per issuer and client in a directory only its owner
 * may enter (0700), each file readable by its owner only (0600), written whole and moved into
 * place so a reader never sees half a file. A login also records the agents (origins) it was made
 * for: a stored token is offered to those agents only, the way {@code Credentials} keep every
 * credential home. Not safe for concurrent writers in several processes: the last save wins.
 */
public final class TokenStore {
    private final Path directory;

    private TokenStore(Path directory) {
        this.directory = directory;
    }

    /** The store in this directory; nothing is read or created before a login is saved or looked up. */
    public static TokenStore in(Path directory) {
        return new TokenStore(directory.toAbsolutePath());
    }

    public Path directory() {
        return directory;
    }

    /**
     * The most recently saved login made for the agent at this URL (its origin is what counts),
     * ready to hand out tokens; empty when there is none.
     */
    public Optional<OAuthSession> forAgent(URI agent) {
        String origin = AuthorizationServer.origin(agent);
        return logins().stream().filter(login -> login.agents().contains(origin))
                .max(Comparator.comparing(StoredLogin::savedAt))
                .map(login -> new OAuthSession(login, this, OAuthHttp.standard()));
    }

    /** Every stored login, unreadable files skipped. */
    List<StoredLogin> logins() {
        List<StoredLogin> found = new ArrayList<>();
        if (!Files.isDirectory(directory)) {
            return found;
        }
        try (DirectoryStream<Path> files = Files.newDirectoryStream(directory, "login-*.json")) {
            for (Path file : files) {
                read(file).ifPresent(found::add);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot list the logins in " + directory, e);
        }
        return found;
    }

    Optional<StoredLogin> find(String issuer, String clientId) {
        return read(file("login-", issuer + "\n" + clientId));
    }

    void save(StoredLogin login) {
        JsonArrayBuilder agents = JsonFactory.createArrayBuilder();
        login.agents().forEach(agents::add);
        JsonObjectBuilder json = JsonFactory.createObjectBuilder().add("issuer", login.issuer())
                .add("clientId", login.clientId()).add("tokenEndpoint", login.tokenEndpoint().toString())
                .add("accessToken", login.accessToken()).add("agents", agents)
                .add("savedAt", login.savedAt().toString());
        if (login.revocationEndpoint() != null) {
            json.add("revocationEndpoint", login.revocationEndpoint().toString());
        }
        if (login.refreshToken() != null) {
            json.add("refreshToken", login.refreshToken());
        }
        if (login.expiresAt() != null) {
            json.add("expiresAt", login.expiresAt().toString());
        }
        if (login.scope() != null) {
            json.add("scope", login.scope());
        }
        write(file("login-", login.issuer() + "\n" + login.clientId()), json.build());
    }

    void delete(StoredLogin login) {
        try {
            Files.deleteIfExists(file("login-", login.issuer() + "\n" + login.clientId()));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete the stored login", e);
        }
    }

    /** The client id registered dynamically at this issuer (RFC 7591), for the next login. */
    Optional<String> registeredClient(String issuer) {
        return readJson(file("client-", issuer)).map(json -> json.get("clientId") instanceof JsonString s
                ? s.getString() : null);
    }

    void saveRegisteredClient(String issuer, String clientId) {
        write(file("client-", issuer), JsonFactory.createObjectBuilder().add("issuer", issuer)
                .add("clientId", clientId).build());
    }

    private Path file(String prefix, String key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
            return directory.resolve(prefix + HexFormat.of().formatHex(digest, 0, 16) + ".json");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("every JDK has SHA-256", e);
        }
    }

    private Optional<StoredLogin> read(Path file) {
        return readJson(file).flatMap(StoredLogin::from);
    }

    private static Optional<JsonObject> readJson(Path file) {
        if (!Files.isRegularFile(file)) {
            return Optional.empty();
        }
        try (JsonReader reader = JsonFactory.createReader(Files.newBufferedReader(file, StandardCharsets.UTF_8))) {
            return Optional.of(reader.readObject());
        } catch (IOException | RuntimeException e) {
            return Optional.empty();
        }
    }

    private void write(Path file, JsonObject json) {
        try {
            ownerOnlyDirectory(directory);
            Path fresh = Files.createTempFile(directory, ".login-", ".tmp");
            try {
                ownerOnly(fresh, "rw-------");
                Files.writeString(fresh, json + "\n", StandardCharsets.UTF_8);
                try {
                    Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING, StandardCopyOption.ATOMIC_MOVE);
                } catch (AtomicMoveNotSupportedException e) {
                    Files.move(fresh, file, StandardCopyOption.REPLACE_EXISTING);
                }
            } finally {
                Files.deleteIfExists(fresh);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot write the login to " + directory, e);
        }
    }

    private static void ownerOnlyDirectory(Path directory) throws IOException {
        if (!Files.isDirectory(directory)) {
            Files.createDirectories(directory);
        }
        ownerOnly(directory, "rwx------");
    }

    private static void ownerOnly(Path path, String permissions) throws IOException {
        try {
            Files.setPosixFilePermissions(path, PosixFilePermissions.fromString(permissions));
        } catch (UnsupportedOperationException notPosix) {
            // Windows: the user's profile directory is private to the user already
        }
    }

    @Override
    public String toString() {
        return "TokenStore[" + directory + "]";
    }

    /** One stored login; its tokens never appear in {@link #toString()}. */
    record StoredLogin(String issuer, String clientId, URI tokenEndpoint, URI revocationEndpoint, String accessToken,
                       String refreshToken, Instant expiresAt, String scope, Set<String> agents, Instant savedAt) {
        StoredLogin {
            agents = Set.copyOf(new LinkedHashSet<>(agents));
        }

        static Optional<StoredLogin> from(JsonObject json) {
            try {
                Set<String> agents = new LinkedHashSet<>();
                if (json.get("agents") instanceof jakarta.json.JsonArray array) {
                    array.stream().filter(JsonString.class::isInstance).map(v -> ((JsonString) v).getString())
                            .forEach(agents::add);
                }
                String revocation = json.getString("revocationEndpoint", null);
                String expires = json.getString("expiresAt", null);
                return Optional.of(new StoredLogin(json.getString("issuer"), json.getString("clientId"),
                        URI.create(json.getString("tokenEndpoint")), revocation == null ? null : URI.create(revocation),
                        json.getString("accessToken"), json.getString("refreshToken", null),
                        expires == null ? null : Instant.parse(expires), json.getString("scope", null), agents,
                        Instant.parse(json.getString("savedAt"))));
            } catch (RuntimeException e) {
                return Optional.empty();
            }
        }

        StoredLogin withAgent(String origin) {
            Set<String> more = new LinkedHashSet<>(agents);
            more.add(origin);
            return new StoredLogin(issuer, clientId, tokenEndpoint, revocationEndpoint, accessToken, refreshToken,
                    expiresAt, scope, more, savedAt);
        }

        @Override
        public String toString() {
            return "StoredLogin[issuer=" + issuer + ", clientId=" + clientId + ", expiresAt=" + expiresAt
                    + ", agents=" + agents + "]";
        }
    }
}
