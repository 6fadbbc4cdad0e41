package dev.switchboard.it;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URI;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.jboss.shrinkwrap.api.exporter.ZipExporter;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A Tomcat 11 of our own, in its own JVM, for tests that must kill the server the hard way: the
 * official distribution the build unpacked as CATALINA_HOME, a fresh CATALINA_BASE per test, the
 * WAR deployed as ROOT, loopback only.
 */
final class TomcatProcess implements ServerProcess {
    private final Path base;
    private final Path dataDir;
    private final List<String> properties;
    private final int port;
    private Process process;

    TomcatProcess(Path base, Path dataDir, WebArchive war) throws IOException {
        this(base, dataDir, war, List.of());
    }

    /**
     * @param properties extra {@code name=value} settings for the server, each passed as
     *                   {@code -Dname=value}; one that starts with {@code -} is a JVM option as it is
     *                   ({@code -javaagent:...})
     */
    TomcatProcess(Path base, Path dataDir, WebArchive war, List<String> properties) throws IOException {
        this(base, dataDir, war, properties, "");
    }

    /**
     * @param extraConnectors more {@code <Connector>} elements for the service, e.g. a TLS one
     */
    TomcatProcess(Path base, Path dataDir, WebArchive war, List<String> properties, String extraConnectors)
            throws IOException {
        this.base = base;
        this.dataDir = dataDir;
        this.properties = List.copyOf(properties);
        this.port = ServerProcess.freePort();
        Path home = Path.of(System.getProperty("it.tomcat.home"));
        for (String dir : List.of("conf", "logs", "temp", "work", "webapps")) {
            Files.createDirectories(base.resolve(dir));
        }
        for (String file : List.of("web.xml", "logging.properties", "catalina.properties", "context.xml")) {
            Files.copy(home.resolve("conf").resolve(file), base.resolve("conf").resolve(file),
                    StandardCopyOption.REPLACE_EXISTING);
        }
        Files.writeString(base.resolve("conf/server.xml"), """
                <Server port="-1" shutdown="SHUTDOWN">
                  <Service name="Catalina">
                    <Connector port="%d" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000"/>
                    %s
                    <Engine name="Catalina" defaultHost="localhost">
                      <Host name="localhost" appBase="webapps" unpackWARs="true" autoDeploy="false"
                            errorReportValveClass="org.apache.catalina.valves.JsonErrorReportValve">
                        <Valve className="org.apache.catalina.valves.JsonErrorReportValve" showReport="false"
                               showServerInfo="false"/>
                      </Host>
                    </Engine>
                  </Service>
                </Server>
                """.formatted(port, extraConnectors));
        war.as(ZipExporter.class).exportTo(base.resolve("webapps/ROOT.war").toFile(), true);
    }

    /**
     * A cleartext HTTP/2 connector (h2c, by upgrade or with prior knowledge) as README's deployment
     * guide configures one, for {@code extraConnectors}.
     */
    static String h2cConnector(int port) {
        return """
                <Connector port="%d" address="127.0.0.1" protocol="HTTP/1.1" connectionTimeout="20000" maxSavePostSize="4194304">
                  <UpgradeProtocol className="org.apache.coyote.http2.Http2Protocol" overheadWindowUpdateThreshold="0" discardRequestsAndResponses="true" initialWindowSize="65536"/>
                </Connector>""".formatted(port);
    }

    @Override
    public URL url() {
        try {
            return URI.create("http://127.0.0.1:" + port + "/").toURL();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    @Override
    public void start() throws Exception {
        launch();
        Health.await(url(), process, base.resolve("logs/console.log"));
    }

    /**
     * Starts the JVM and waits for the application to refuse to start.
     *
     * @return the server's console output
     */
    String startExpectingFailure() throws Exception {
        return startUntilLogged("the application did not fail", "Switchboard cannot start", "Context [] startup failed");
    }

    /**
     * Starts the JVM and waits, without asking for a healthy server, until its console shows every
     * one of the texts: for a start that must go wrong in a given way.
     *
     * @return the server's console output
     */
    String startUntilLogged(String what, String... texts) throws Exception {
        launch();
        Path console = base.resolve("logs/console.log");
        long deadline = System.nanoTime() + TimeUnit.SECONDS.toNanos(Health.STARTUP_SECONDS);
        while (System.nanoTime() < deadline) {
            String log = Files.exists(console) ? Files.readString(console) : "";
            if (java.util.Arrays.stream(texts).allMatch(log::contains)) {
                return log;
            }
            Thread.sleep(250);
        }
        throw new IllegalStateException(what + " within " + Health.STARTUP_SECONDS + " s; see " + console);
    }

    private void launch() throws IOException {
        Path home = Path.of(System.getProperty("it.tomcat.home"));
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        List<String> command = new java.util.ArrayList<>(List.of(java, "-Xmx384m",
                "-cp", home.resolve("bin/bootstrap.jar") + File.pathSeparator + home.resolve("bin/tomcat-juli.jar"),
                "-Dcatalina.home=" + home, "-Dcatalina.base=" + base,
                "-Djava.io.tmpdir=" + base.resolve("temp"),
                "-Djava.util.logging.config.file=" + base.resolve("conf/logging.properties"),
                "-Djava.util.logging.manager=org.apache.juli.ClassLoaderLogManager",
                "-Dswitchboard.data.dir=" + dataDir,
                "-Dswitchboard.public.url=http://127.0.0.1:" + port));
        properties.forEach(property -> command.add(property.startsWith("-") ? property : "-D" + property));
        command.addAll(List.of("org.apache.catalina.startup.Bootstrap", "start"));
        process = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(base.resolve("logs/console.log").toFile())
                .start();
    }

    /** The server JVM's process id, for tools that read its figures from {@code /proc}. */
    long pid() {
        return process.pid();
    }

    @Override
    public void kill() throws InterruptedException {
        if (process != null) {
            process.destroyForcibly();
            process.waitFor(30, TimeUnit.SECONDS);
        }
    }
}
