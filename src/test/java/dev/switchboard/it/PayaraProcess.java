package dev.switchboard.it;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Map;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * Payara Micro 7 in its own JVM (this test JVM's, a JDK 21+), started as the Payara image starts
 * it (docker/payara/entrypoint.sh): the WAR at the root context, clustering off, here on loopback,
 * its runtime under a fresh directory per test.
 */
final class PayaraProcess implements ServerProcess {
    private final Path base;
    private final Path dataDir;
    private final Path war;
    private final int port;
    private final Map<String, String> settings;
    private Process process;

    PayaraProcess(Path base, Path dataDir, WebArchive war) throws IOException {
        this(base, dataDir, war, Map.of());
    }

    PayaraProcess(Path base, Path dataDir, WebArchive war, Map<String, String> settings) throws IOException {
        this.settings = Map.copyOf(settings);
        this.base = base;
        this.dataDir = dataDir;
        this.port = ServerProcess.freePort();
        Files.createDirectories(base);
        this.war = base.resolve("ROOT.war");
        war.as(ZipExporter.class).exportTo(this.war.toFile(), true);
    }

    @Override
    public URL url() {
        try {
            return URI.create("http://127.0.0.1:" + port + "/").toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** Starts the server through the Payara image's entrypoint script, which execs the JVM. */
    @Override
    public void start() throws Exception {
        Path console = base.resolve("console.log");
        ProcessBuilder builder = new ProcessBuilder("bash",
                Path.of(System.getProperty("it.docker.dir"), "payara", "entrypoint.sh").toString());
        Map<String, String> env = builder.environment();
        env.keySet().removeIf(name -> name.startsWith("SWITCHBOARD_"));
        env.put("JAVA_HOME", System.getProperty("java.home"));
        env.put("PAYARA_JAR", System.getProperty("it.payara.jar"));
        env.put("PAYARA_ROOT", base.resolve("runtime").toString());
        env.put("PAYARA_LIBS", base.resolve("lib").toString());
        env.put("SWITCHBOARD_WAR", war.toString());
        env.put("HTTP_ADDRESS", "127.0.0.1");
        env.put("HTTP_PORT", Integer.toString(port));
        env.put("HAZELCAST_PORT", Integer.toString(ServerProcess.freePort()));
        env.put("JAVA_OPTS", "-Xmx512m -Djava.io.tmpdir=" + Files.createDirectories(base.resolve("tmp")));
        env.put("SWITCHBOARD_DATA_DIR", dataDir.toString());
        env.put("SWITCHBOARD_PUBLIC_URL", "http://127.0.0.1:" + port);
        settings.forEach((name, value) -> env.put(name.toUpperCase(java.util.Locale.ROOT).replace('.', '_'), value));
        process = builder.redirectErrorStream(true).redirectOutput(console.toFile()).start();
        Health.await(url(), process, console);
    }

    @Override
    public void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, java.util.concurrent.TimeUnit.SECONDS);
        }
    }
}
