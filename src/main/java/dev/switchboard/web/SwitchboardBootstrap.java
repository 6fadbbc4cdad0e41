package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.AgentCardFactory;
import dev.switchboard.config.BuildInfo;
import dev.switchboard.config.InvalidSettingException;
import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.skill.InstalledSkills;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletContextEvent;
import jakarta.servlet.ServletContextListener;
import java.time.Clock;
import java.util.List;
import java.util.logging.Logger;

/**
 * Assembles the server when the web application starts. A setting that cannot be used stops the
 * deployment with one log line naming it; the container then serves nothing rather than a
 * half-configured agent.
 */
public final class SwitchboardBootstrap implements ServletContextListener {
    private static final Logger LOG = Logger.getLogger(SwitchboardBootstrap.class.getName());

    @Override
    public void contextInitialized(ServletContextEvent event) {
        ServletContext context = event.getServletContext();
        try {
            Settings settings = SettingsLoader.forServer(context::getInitParameter).load();
            InstalledSkills skills = InstalledSkills.discover(context.getClassLoader());
            AgentCard card = AgentCardFactory.build(settings, servedInterfaces(settings), AgentCapabilities.none(),
                    skills.descriptors());
            BuildInfo build = BuildInfo.load();
            Switchboard switchboard = new Switchboard(settings, build, skills, AgentCardDocuments.render(card),
                    Clock.systemUTC());
            context.setAttribute(Switchboard.ATTRIBUTE, switchboard);
            LOG.info(() -> "Switchboard " + build.version() + " serving '" + settings.agentName() + "' at "
                    + settings.publicUrl() + " with data in " + settings.dataDir());
        } catch (InvalidSettingException | IllegalStateException e) {
            LOG.severe("Switchboard cannot start: " + e.getMessage());
            throw new StartupFailure(e.getMessage());
        }
    }

    /** The A2A endpoints this build serves, in the order clients should prefer them. */
    static List<AgentInterface> servedInterfaces(Settings settings) {
        return List.of();
    }

    /** Carries the reason only: the log line above already says everything an operator needs. */
    static final class StartupFailure extends RuntimeException {
        StartupFailure(String message) {
            super(message, null, false, false);
        }
    }
}
