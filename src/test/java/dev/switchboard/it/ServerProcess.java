package dev.switchboard.it;

import java.io.IOException;
import java.net.ServerSocket;
import java.net.URL;
import java.nio.file.Path;
import java.util.Map;
import org.jboss.shrinkwrap.api.spec.WebArchive;

/**
 * A server of our own in its own JVM, for tests that kill it the hard way and start another on
 * the same data: Tomcat 11, or Payara Micro 7 when the build runs the suite on Payara
 * ({@code arquillian.launch=payara}).
 */
interface ServerProcess extends AutoCloseable {

    static ServerProcess launch(Path base, Path dataDir, WebArchive war) throws IOException {
        return launch(base, dataDir, war, Map.of());
    }

    /**
     * @param settings by system property name ({@code switchboard.limit.daily}); Tomcat gets them
     *                 as system properties, Payara as the environment variables of the same name
     */
    static ServerProcess launch(Path base, Path dataDir, WebArchive war, Map<String, String> settings)
            throws IOException {
        return onPayara() ? new PayaraProcess(base, dataDir, war, settings)
                : new TomcatProcess(base, dataDir, war, settings.entrySet().stream()
                        .map(setting -> setting.getKey() + "=" + setting.getValue()).toList());
    }

    /** Whether this run of the suite is the one on Payara Micro. */
    static boolean onPayara() {
        return "payara".equals(System.getProperty("arquillian.launch"));
    }

    URL url();

    /** Starts the JVM and waits until the application answers. */
    void start() throws Exception;

    /** SIGKILL: no shutdown hooks, no listener, nothing flushed that was not flushed already. */
    void kill() throws InterruptedException;

    @Override
    default void close() throws InterruptedException {
        kill();
    }

    static int freePort() throws IOException {
        try (ServerSocket socket = new ServerSocket(0)) {
            return socket.getLocalPort();
        }
    }
}
