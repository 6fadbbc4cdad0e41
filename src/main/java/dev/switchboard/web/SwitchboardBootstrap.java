package dev.switchboard.web;

import dev.switchboard.config.InvalidSettingException;
import dev.switchboard.config.Settings;
import dev.switchboard.config.Setting;
import dev.switchboard.config.SettingsLoader;
import dev.switchboard.skill.catalogue.CatalogueException;
import dev.switchboard.store.JdbcDrivers;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.time.Clock;
import java.util.function.Function;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Assembles the server when the web application starts, registers its filters and servlets with
 * the container ({@link WebComponents}), and takes it down when it stops. A setting that cannot be
 * used stops the deployment with one log line naming it; the container then serves nothing rather
 * than a half-configured agent.
 */
public final class SwitchboardBootstrap implements ServletContextListener {
    private static final Logger LOG = Logger.getLogger(SwitchboardBootstrap.class.getName());

    private Switchboard running;

    /**
     * The context parameters, with the defaults this container needs: on Payara (GlassFish's
     * Grizzly) gRPC is off unless a setting turns it on, as its HTTP/2 was seen to end a server
     * stream before its last message (README, Payara 7). Context parameters come last in the
     * settings' order, so the environment and system properties still decide.
     */
    static Function<String, String> containerDefaults(ServletContext context) {
        String server = String.valueOf(context.getServerInfo());
        boolean grizzly = server.contains("Payara") || server.contains("GlassFish");
        return name -> {
            String value = context.getInitParameter(name);
            return value == null && grizzly && Setting.GRPC_ENABLED.key().equals(name) ? "false" : value;
        };
    }

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        Settings settings;
        try {
            settings = SettingsLoader.forServer(containerDefaults(context)).load();
        } catch (InvalidSettingException | IllegalStateException e) {
            LOG.severe("Switchboard cannot start: " + e.getMessage());
            throw new StartupFailure(e.getMessage());
        }
        Switchboard switchboard;
        try {
            switchboard = Switchboard.start(settings, context.getClassLoader(), context::getResourceAsStream,
                    Clock.systemUTC());
        } catch (CatalogueException e) {
            LOG.severe("Switchboard cannot start: " + e.getMessage());
            throw new StartupFailure(e.getMessage());
        } catch (RuntimeException e) {
            LOG.log(Level.SEVERE, "Switchboard cannot start: " + e.getMessage(), e);
            throw new StartupFailure(e.getMessage());
        }
        running = switchboard;
        WebComponents.register(context, switchboard);
        LOG.info(() -> "Switchboard " + switchboard.build().version() + " serving '" + settings.agentName()
                + "' at " + settings.publicUrl() + " with data in " + settings.dataDir());
    }

    @Override
    public void contextDestroyed(ServletContextEvent event) {
        if (running != null) {
            running.close();
            running = null;
        }
        JdbcDrivers.deregisterLoadedBy(SwitchboardBootstrap.class.getClassLoader());
    }

    /** Carries the reason only: the log line above already says everything an operator needs. */
    static final class StartupFailure extends RuntimeException {
        StartupFailure(String message) {
            super(message, null, false, false);
        }
    }
}
