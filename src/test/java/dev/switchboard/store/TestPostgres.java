package dev.switchboard.store;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.UserPrincipal;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.stream.Stream;
import org.junit.jupiter.api.Assumptions;

/**
 * A throw-away PostgreSQL server for the tests, one per test JVM: a fresh cluster in a temporary
 * directory, started on first use on a free port of 127.0.0.1 and stopped when the JVM exits. Each
 * caller gets a database of its own in it, so test classes do not see each other's tasks.
 *
 * <p>The server's binaries are the machine's (Debian's {@code postgresql} package puts them in
 * {@code /usr/lib/postgresql/VERSION/bin}), or those in the directory named by
 * {@code SWITCHBOARD_TEST_POSTGRES_BIN} / {@code -Dswitchboard.test.postgres.bin}. PostgreSQL
 * refuses to run as root, and builds in containers often do: then the cluster belongs to
 * {@code nobody} and its commands run through {@code runuser}.
 *
 * <p>Without binaries the tests fail, so that a build never passes having tested H2 alone;
 * {@code SWITCHBOARD_TEST_POSTGRES=skip} (or {@code -Dswitchboard.test.postgres=skip}) skips the
 * PostgreSQL runs instead, for a machine without PostgreSQL.
 */
public final class TestPostgres {
    private static final String UNPRIVILEGED = "nobody";
    private static final String PREFIX = "switchboard-pg-";
    /** The test JVM's process id, in the cluster's directory. */
    private static final String OWNER = "owner.pid";
    private static TestPostgres shared;
    private static RuntimeException failedStart;

    private final Path bin;
    private final Path home;
    private final boolean asRoot;
    private final int port;
    private final AtomicInteger databases = new AtomicInteger();

    private TestPostgres(Path bin, Path home, boolean asRoot, int port) {
        this.bin = bin;
        this.home = home;
        this.asRoot = asRoot;
        this.port = port;
    }

    /**
     * The JVM's server, started on first use.
     *
     * @throws org.opentest4j.TestAbortedException when PostgreSQL runs are to be skipped
     * @throws IllegalStateException               when no server could be started
     */
    public static synchronized TestPostgres shared() {
        Assumptions.assumeFalse("skip".equalsIgnoreCase(setting("switchboard.test.postgres")),
                "PostgreSQL runs skipped (switchboard.test.postgres=skip)");
        if (failedStart != null) {
            throw failedStart;
        }
        if (shared == null) {
            try {
                shared = start();
            } catch (RuntimeException e) {
                failedStart = e;
                throw e;
            }
        }
        return shared;
    }

    /** A new, empty database; its JDBC URL carries the user, as a production URL may. */
    public String createDatabase() {
        String name = "switchboard_" + databases.incrementAndGet();
        try (Connection admin = DriverManager.getConnection(url("postgres"));
             Statement statement = admin.createStatement()) {
            statement.execute("CREATE DATABASE " + name);
        } catch (SQLException e) {
            throw new IllegalStateException("cannot create the test database " + name + ": " + e.getMessage(), e);
        }
        return url(name);
    }

    private String url(String database) {
        return "jdbc:postgresql://127.0.0.1:" + port + "/" + database + "?user=postgres";
    }

    private static TestPostgres start() {
        long started = System.nanoTime();
        Path bin = binaries();
        boolean asRoot = "root".equals(System.getProperty("user.name"));
        try {
            // nobody must reach the cluster: as root, a java.io.tmpdir under /root would not do
            Path temp = asRoot ? Path.of("/tmp") : Path.of(System.getProperty("java.io.tmpdir"));
            stopLeftovers(bin, temp, asRoot);
            Path home = Files.createTempDirectory(temp, PREFIX);
            Files.writeString(home.resolve(OWNER), Long.toString(ProcessHandle.current().pid()));
            if (asRoot) {
                UserPrincipal nobody = home.getFileSystem().getUserPrincipalLookupService()
                        .lookupPrincipalByName(UNPRIVILEGED);
                Files.setOwner(home, nobody);
            }
            int port = freePort();
            TestPostgres server = new TestPostgres(bin, home, asRoot, port);
            Runtime.getRuntime().addShutdownHook(new Thread(server::stop, "switchboard-test-postgres-stop"));
            server.run("initdb", "-D", home.resolve("data").toString(), "-A", "trust", "-U", "postgres",
                    "-E", "UTF8", "--no-locale", "--no-sync");
            // durability is not under test here: without fsync a test database costs no disk flushes
            server.run("pg_ctl", "-D", home.resolve("data").toString(), "-l", home.resolve("server.log").toString(),
                    "-w", "-t", "60", "-o", "-p " + port + " -k " + home + " -c listen_addresses=127.0.0.1"
                            + " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                            + " -c max_connections=200",
                    "start");
            System.out.printf("Test PostgreSQL from %s started on port %d in %d ms%n", bin, port,
                    TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - started));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("cannot prepare a PostgreSQL cluster for the tests", e);
        }
    }

    /**
     * Stops and deletes the clusters of test JVMs that died without their shutdown hook (a fork
     * killed on a timeout), so that their servers do not run on beside the build.
     */
    private static void stopLeftovers(Path bin, Path temp, boolean asRoot) throws IOException {
        try (Stream<Path> homes = Files.list(temp)) {
            for (Path home : homes.filter(path -> path.getFileName().toString().startsWith(PREFIX)).toList()) {
                Path owner = home.resolve(OWNER);
                if (!Files.isRegularFile(owner) || ProcessHandle.of(owner(owner)).isPresent()) {
                    continue;
                }
                new TestPostgres(bin, home, asRoot, 0).stop();
            }
        }
    }

    private static long owner(Path file) {
        try {
            return Long.parseLong(Files.readString(file).trim());
        } catch (IOException | NumberFormatException e) {
            return ProcessHandle.current().pid();
        }
    }

    private void stop() {
        try {
            if (Files.exists(home.resolve("data").resolve("postmaster.pid"))) {
                run("pg_ctl", "-D", home.resolve("data").toString(), "-m", "immediate", "-w", "stop");
            }
        } catch (RuntimeException e) {
            System.err.println("could not stop the test PostgreSQL in " + home + ": " + e.getMessage());
        }
        try (Stream<Path> files = Files.walk(home)) {
            files.sorted(Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        } catch (IOException e) {
            System.err.println("could not delete " + home + ": " + e.getMessage());
        }
    }

    private void run(String program, String... arguments) {
        List<String> command = new ArrayList<>();
        if (asRoot) {
            command.addAll(List.of("runuser", "-u", UNPRIVILEGED, "--"));
        }
        command.add(bin.resolve(program).toString());
        command.addAll(List.of(arguments));
        try {
            Path output = Files.createTempFile("switchboard-pg-" + program, ".out");
            try {
                Process process = new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(output.toFile()).directory(home.toFile()).start();
                if (!process.waitFor(90, TimeUnit.SECONDS)) {
                    process.destroyForcibly();
                    throw new IllegalStateException(String.join(" ", command) + " did not finish in 90 s");
                }
                if (process.exitValue() != 0) {
                    throw new IllegalStateException(String.join(" ", command) + " failed with exit code "
                            + process.exitValue() + ":\n" + Files.readString(output, StandardCharsets.UTF_8)
                            + serverLog());
                }
            } finally {
                Files.deleteIfExists(output);
            }
        } catch (IOException e) {
            throw new UncheckedIOException("cannot run " + String.join(" ", command), e);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while running " + program, e);
        }
    }

    private String serverLog() throws IOException {
        Path log = home.resolve("server.log");
        return Files.exists(log) ? "\nserver log:\n" + Files.readString(log, StandardCharsets.UTF_8) : "";
    }

    /** The configured directory, else the newest of Debian's installed versions. */
    private static Path binaries() {
        String configured = setting("switchboard.test.postgres.bin");
        if (configured != null && !configured.isBlank()) {
            Path bin = Path.of(configured);
            if (!Files.isExecutable(bin.resolve("initdb"))) {
                throw new IllegalStateException("no initdb in " + bin + " (switchboard.test.postgres.bin)");
            }
            return bin;
        }
        Path debian = Path.of("/usr/lib/postgresql");
        if (Files.isDirectory(debian)) {
            try (Stream<Path> versions = Files.list(debian)) {
                return versions.map(version -> version.resolve("bin"))
                        .filter(bin -> Files.isExecutable(bin.resolve("initdb")))
                        .max(Comparator.comparingInt(TestPostgres::majorVersion))
                        .orElseThrow(TestPostgres::noBinaries);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        throw noBinaries();
    }

    private static int majorVersion(Path bin) {
        try {
            return Integer.parseInt(bin.getParent().getFileName().toString());
        } catch (NumberFormatException e) {
            return 0;
        }
    }

    private static IllegalStateException noBinaries() {
        return new IllegalStateException("The store tests need a PostgreSQL server's binaries and found none in"
                + " /usr/lib/postgresql/*/bin: install them (Debian: apt-get install postgresql), or name their"
                + " directory in SWITCHBOARD_TEST_POSTGRES_BIN, or skip the PostgreSQL runs with"
                + " SWITCHBOARD_TEST_POSTGRES=skip");
    }

    /** A system property, else the environment variable of the same name. */
    private static String setting(String property) {
        String value = System.getProperty(property);
        return value != null ? value : System.getenv(property.toUpperCase(Locale.ROOT).replace('.', '_'));
    }

    private static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0, 1, InetAddress.getLoopbackAddress())) {
            return socket.getLocalPort();
        }
    }
}
