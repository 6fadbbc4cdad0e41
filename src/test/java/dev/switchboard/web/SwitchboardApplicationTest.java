package dev.switchboard.web;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import jakarta.ws.rs.core.Configuration;
import jakarta.ws.rs.core.Feature;
import jakarta.ws.rs.core.SecurityContext;
import java.io.ByteArrayOutputStream;
import java.io.InputStream;
import java.io.OutputStream;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Principal;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import java.util.logging.Handler;
import java.util.logging.LogRecord;
import java.util.logging.Logger;
import java.util.stream.Stream;
import org.glassfish.jersey.internal.MapPropertiesDelegate;
import org.glassfish.jersey.jackson.JacksonFeature;
import org.glassfish.jersey.server.ApplicationHandler;
import org.glassfish.jersey.server.ContainerRequest;
import org.glassfish.jersey.server.ContainerResponse;
import org.glassfish.jersey.server.spi.ContainerResponseWriter;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The application in Jersey with Jackson on the class path, as inside Payara: only our JSON-B
 * provider writes bodies. Jackson's feature, had it registered, would have written some
 * start-ups' /health itself and refused its {@code Instant} with a 400.
 */
class SwitchboardApplicationTest {
    @TempDir
    Path temp;

    @Test
    void noOtherJsonFeatureJoinsAndHealthIsWrittenByJsonB() throws Exception {
        Settings settings = new SettingsLoader(Map.of("switchboard.data.dir", temp.toString())::get,
                name -> null, Map.of()).load();
        Switchboard switchboard = Switchboard.start(settings, getClass().getClassLoader(), SwitchboardApplicationTest::webResource,
                Clock.systemUTC());
        try {
            ApplicationHandler handler = new ApplicationHandler(new SwitchboardApplication(switchboard));
            Configuration configuration = handler.getConfiguration();
            // the feature is discovered, as in Payara, but declines to register anything
            assertFalse(configuration.isEnabled(JacksonFeature.class), "Jackson's feature stood down");
            assertEquals(0, jsonProvidersOtherThanOurs(configuration),
                    "registered: " + configuration.getClasses() + " " + configuration.getInstances());

            ByteArrayOutputStream body = new ByteArrayOutputStream();
            ContainerRequest request = new ContainerRequest(URI.create("http://localhost/"),
                    URI.create("http://localhost/health"), "GET", new Anonymous(), new MapPropertiesDelegate(), configuration);
            int[] status = new int[1];
            request.setWriter(new Capture(body, status));
            handler.handle(request);
            assertTrue(status[0] == 200 || status[0] == 503, "status " + status[0]);
            JsonObject health = Json.createReader(new StringReader(body.toString(StandardCharsets.UTF_8))).readObject();
            Instant.parse(health.getString("startedAt"));
            assertTrue(health.containsKey("requests"), health.toString());
        } finally {
            switchboard.close();
        }
    }

    /**
     * Jersey takes a resource registered as an instance for a provider that "will be ignored"
     * (Jersey #3700) and warns, while serving it all the same; the application's start drops
     * those warnings and no other. The first half says whether Jersey still has the bug.
     */
    @Test
    void startsWithoutFalseWarningsAboutItsResources() throws Exception {
        Settings settings = new SettingsLoader(Map.of("switchboard.data.dir", temp.toString())::get,
                name -> null, Map.of()).load();
        Switchboard switchboard = Switchboard.start(settings, getClass().getClassLoader(),
                SwitchboardApplicationTest::webResource, Clock.systemUTC());
        Logger check = Logger.getLogger("org.glassfish.jersey.internal.inject.Providers");
        List<String> logged = new CopyOnWriteArrayList<>();
        Handler keep = new Handler() {
            @Override
            public void publish(LogRecord record) {
                if (check.getFilter() == null || check.getFilter().isLoggable(record)) {
                    logged.add(record.getLevel() + " " + record.getMessage());
                }
            }

            @Override
            public void flush() {
            }

            @Override
            public void close() {
            }
        };
        check.addHandler(keep);
        try {
            new ApplicationHandler(new SwitchboardApplication(switchboard));
            assertTrue(logged.stream().anyMatch(line -> line.contains(" dev.switchboard.web.HealthResource ")),
                    "Jersey started plainly warns about a resource instance: " + logged);

            logged.clear();
            SwitchboardApplication application = new SwitchboardApplication(switchboard);
            application.starting(() -> {
                new ApplicationHandler(application);
                check.warning("A provider org.example.Other registered in SERVER runtime will be ignored");
            });
            assertEquals(List.of("WARNING A provider org.example.Other registered in SERVER runtime will be ignored"),
                    logged);
            assertEquals(null, check.getFilter(), "the filter is gone once Jersey has started");
        } finally {
            check.removeHandler(keep);
            switchboard.close();
        }
    }

    private static long jsonProvidersOtherThanOurs(Configuration configuration) {
        return Stream.concat(configuration.getClasses().stream(),
                        configuration.getInstances().stream().map(Object::getClass))
                .filter(type -> !Feature.class.isAssignableFrom(type))
                .map(Class::getName)
                .filter(name -> name.contains("jackson") || name.contains("moxy"))
                .count();
    }

    /** The webapp's resources as the container serves them, from the source tree. */
    static InputStream webResource(String path) {
        try {
            Path file = Path.of("src/main/webapp", path);
            return Files.exists(file) ? Files.newInputStream(file) : null;
        } catch (java.io.IOException e) {
            throw new java.io.UncheckedIOException(e);
        }
    }

    private static final class Anonymous implements SecurityContext {
        @Override
        public Principal getUserPrincipal() {
            return null;
        }

        @Override
        public boolean isUserInRole(String role) {
            return false;
        }

        @Override
        public boolean isSecure() {
            return false;
        }

        @Override
        public String getAuthenticationScheme() {
            return null;
        }
    }

    /** Keeps what Jersey writes, as a container would send it. */
    private record Capture(OutputStream body, int[] status) implements ContainerResponseWriter {
        @Override
        public OutputStream writeResponseStatusAndHeaders(long contentLength, ContainerResponse response) {
            status[0] = response.getStatus();
            return body;
        }

        @Override
        public boolean suspend(long timeOut, TimeUnit timeUnit, TimeoutHandler timeoutHandler) {
            return false;
        }

        @Override
        public void setSuspendTimeout(long timeOut, TimeUnit timeUnit) {
        }

        @Override
        public void commit() {
        }

        @Override
        public void failure(Throwable error) {
            throw new AssertionError(error);
        }

        @Override
        public boolean enableResponseBuffering() {
            return false;
        }
    }
}
