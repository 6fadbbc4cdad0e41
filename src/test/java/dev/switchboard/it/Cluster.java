package dev.switchboard.it;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.switchboard.store.TestPostgres;
import java.io.IOException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Three instances of the WAR (ids {@code a}, {@code b}, {@code c}), each a Tomcat of its own in its
 * own JVM, sharing one PostgreSQL database, behind a {@link RoundRobinFront} whose URL they all
 * publish as theirs. Settings that make the multi-instance paths quick: a 3 s execution lease,
 * 1 s stream heartbeats, no anonymous limits (the tests are one address), http webhooks on
 * loopback. The front speaks HTTP/1.1 only, so gRPC, when a cluster serves it, is reached on each
 * instance's own h2c connector ({@link #grpcTarget}), as an L4 balancer would pass it through.
 */
final class Cluster implements AutoCloseable {
    static final List<String> NAMES = List.of("a", "b", "c");
    static final int LEASE_SECONDS = 3;

    private final Path dir;
    private final String jdbcUrl;
    private final RoundRobinFront front;
    private final Map<String, TomcatProcess> instances = new LinkedHashMap<>();
    private final Map<String, Integer> grpcPorts = new LinkedHashMap<>();

    private Cluster(Path dir, boolean grpc) throws Exception {
        this.dir = dir;
        this.jdbcUrl = TestPostgres.shared().createDatabase();
        this.front = new RoundRobinFront();
        Map<String, String> keys = sharedKeys();
        for (String name : NAMES) {
            Path base = dir.resolve(name);
            Path data = Files.createDirectories(dir.resolve(name + "-data"));
            for (Map.Entry<String, String> key : keys.entrySet()) {
                Files.writeString(data.resolve(key.getKey()), key.getValue());
            }
            String h2c = "";
            List<String> settings = new ArrayList<>(settings(name));
            if (grpc) {
                int grpcPort = ServerProcess.freePort();
                grpcPorts.put(name, grpcPort);
                h2c = TomcatProcess.h2cConnector(grpcPort);
                settings.add("switchboard.grpc.enabled=true");
                settings.add("switchboard.grpc.authority=127.0.0.1:" + grpcPort);
            } else {
                settings.add("switchboard.grpc.enabled=false");
            }
            instances.put(name, new TomcatProcess(base, data, Deployments.builtWar(), settings, h2c));
            PostgresIT.withDriver(base);
        }
    }

    /**
     * The keys an instance otherwise makes in its own data directory on first use, made once for
     * all three, as instances behind one front need them: the push secrets' key (a webhook token sealed by one
     * instance is opened by the one that delivers), the card's and the deliveries' signing keys
     * (one JWK Set, whichever instance serves it).
     */
    private static Map<String, String> sharedKeys() throws Exception {
        byte[] secretsKey = new byte[32];
        new java.security.SecureRandom().nextBytes(secretsKey);
        Map<String, String> keys = new LinkedHashMap<>();
        keys.put("push-secrets.key", java.util.Base64.getEncoder().encodeToString(secretsKey));
        for (String file : List.of("card-signing-key.jwk", "push-signing-key.jwk")) {
            keys.put(file, new ECKeyGenerator(Curve.P_256).keyUse(KeyUse.SIGNATURE).algorithm(JWSAlgorithm.ES256)
                    .keyID(java.util.UUID.randomUUID().toString()).generate().toJSONString());
        }
        return keys;
    }

    /** Starts the three instances side by side, without gRPC, and routes the front to them once all answer. */
    static Cluster start() throws Exception {
        return start(false);
    }

    /**
     * @param grpc whether each instance also serves gRPC, on an h2c connector of its own (see
     *             {@link #grpcTarget}); its card names that connector
     */
    static Cluster start(boolean grpc) throws Exception {
        Cluster cluster = new Cluster(Files.createTempDirectory("switchboard-scale-out"), grpc);
        try {
            cluster.startAll(new ArrayList<>(NAMES));
            cluster.front.route(cluster.instances.values().stream().map(TomcatProcess::url).toList());
            return cluster;
        } catch (Exception | Error e) {
            cluster.close();
            throw e;
        }
    }

    private List<String> settings(String name) {
        return List.of("switchboard.jdbc.url=" + jdbcUrl, "switchboard.instance.id=" + name,
                "switchboard.public.url=" + front.url(), "switchboard.task.lease.seconds=" + LEASE_SECONDS,
                "switchboard.stream.heartbeat.seconds=1", "switchboard.limit.anonymous.per.minute=0",
                "switchboard.limit.anonymous.tasks.per.minute=0", "switchboard.limit.daily=0",
                "switchboard.push.allow.http=true", "switchboard.push.allowlist=127.0.0.1");
    }

    private void startAll(List<String> names) throws Exception {
        ExecutorService starting = Executors.newFixedThreadPool(names.size());
        try {
            List<Future<Object>> started = new ArrayList<>();
            for (String name : names) {
                started.add(starting.submit(() -> {
                    instances.get(name).start();
                    return null;
                }));
            }
            for (Future<Object> future : started) {
                // Health.await bounds each start
                future.get(10, TimeUnit.MINUTES);
            }
        } finally {
            starting.shutdownNow();
        }
    }

    /** The {@code host:port} a gRPC client dials for this instance; only in a cluster started with gRPC. */
    String grpcTarget(String name) {
        Integer port = grpcPorts.get(name);
        if (port == null) {
            throw new IllegalStateException("this cluster serves no gRPC");
        }
        return "127.0.0.1:" + port;
    }

    URL url(String name) {
        return instances.get(name).url();
    }

    URL front() {
        try {
            return new URL(front.url() + "/");
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
    }

    /** Requests the front passed to each instance so far. */
    Map<String, Integer> served() {
        return front.served();
    }

    String jdbcUrl() {
        return jdbcUrl;
    }

    /** SIGKILL to one instance: nothing it held in memory survives, its leases stay in the database. */
    void kill(String name) throws InterruptedException {
        instances.get(name).kill();
    }


    private void keepConsoles() {
        Path kept = Path.of("target", "scale-out");
        try {
            Files.createDirectories(kept);
            for (String name : NAMES) {
                try (Stream<Path> logs = Files.list(dir.resolve(name).resolve("logs"))) {
                    for (Path log : logs.filter(path -> path.getFileName().toString().startsWith("console"))
                            .toList()) {
                        Files.copy(log, kept.resolve(name + "-" + log.getFileName()),
                                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
                    }
                }
            }
        } catch (IOException e) {
            // the consoles are a convenience
        }
    }

    /** Kills every instance; their consoles are kept in {@code target/scale-out} for a failure's reader. */
    @Override
    public void close() throws InterruptedException {
        for (TomcatProcess instance : instances.values()) {
            instance.kill();
        }
        front.close();
        keepConsoles();
        try (Stream<Path> files = Files.walk(dir)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            // a temporary directory left behind
        }
    }
}
