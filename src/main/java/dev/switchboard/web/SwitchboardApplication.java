package dev.switchboard.web;

import dev.switchboard.web.binding.AnswerWriter;
import dev.switchboard.web.binding.Tenants;
import dev.switchboard.web.jsonrpc.JsonRpcDispatcher;
import dev.switchboard.web.jsonrpc.JsonRpcResource;
import dev.switchboard.web.landing.LandingResource;
import dev.switchboard.web.rest.RestRoutes;
import jakarta.json.bind.Jsonb;
import jakarta.json.bind.JsonbBuilder;
import jakarta.json.bind.JsonbConfig;
import jakarta.servlet.FilterConfig;
import jakarta.servlet.ServletException;
import java.util.Set;
import java.util.logging.Filter;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.util.stream.Collectors;
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.server.model.Resource;
import org.glassfish.jersey.servlet.ServletContainer;
import org.glassfish.jersey.servlet.ServletProperties;

/**
 * The Jakarta REST application: both bindings' resources, the landing page, health, and the
 * providers, registered as instances built from the one {@link Switchboard}, so nothing is found
 * by scanning and nothing is injected by magic.
 */
public final class SwitchboardApplication extends ResourceConfig {
    /** Jersey's {@code InternalProperties.JSON_FEATURE}: every JSON feature but the one named stands down. */
    static final String JSON_FEATURE = "jersey.config.jsonFeature";

    /**
     * The logger of Jersey's check that a registered component is a provider of the server. It
     * takes a resource registered as an instance for a provider with no contract and warns that
     * it "will be ignored" (Jersey #3700), although Jersey serves it as a resource all the same:
     * seven false warnings at every start.
     */
    private static final String PROVIDER_CHECK = "org.glassfish.jersey.internal.inject.Providers";

    /**
     * Jersey serving this application as a servlet filter. While it starts, the provider check's
     * warnings about this application's own resources are dropped (see {@link #PROVIDER_CHECK});
     * every other message of that check still reaches the log.
     */
    public static ServletContainer container(Switchboard switchboard) {
        SwitchboardApplication application = new SwitchboardApplication(switchboard);
        return new ServletContainer(application) {
            @Override
            public void init(FilterConfig config) throws ServletException {
                application.starting(() -> super.init(config));
            }
        };
    }

    /** Jersey's start, which may fail as a filter's start does. */
    @FunctionalInterface
    interface Start {
        void run() throws ServletException;
    }

    /** Runs Jersey's start of this application without the provider check's false warnings. */
    void starting(Start start) throws ServletException {
        Set<String> resources = getInstances().stream()
                .map(Object::getClass)
                .filter(type -> Resource.getPath(type) != null)
                .map(Class::getName)
                .collect(Collectors.toUnmodifiableSet());
        Logger check = Logger.getLogger(PROVIDER_CHECK);
        Filter before = check.getFilter();
        // set only while Jersey starts: a filter of ours left on a logger the container shares
        // (Payara's Jersey) would hold this application after it is undeployed
        Filter quiet = record -> !isAboutOne(record.getLevel(), record.getMessage(), resources)
                && (before == null || before.isLoggable(record));
        check.setFilter(quiet);
        try {
            start.run();
        } finally {
            // a filter another application set meanwhile stays in place
            if (check.getFilter() == quiet) {
                check.setFilter(before);
            }
        }
    }

    /** Whether a warning names one of the application's resources. */
    private static boolean isAboutOne(Level level, String message, Set<String> resources) {
        if (level != Level.WARNING || message == null) {
            return false;
        }
        for (String resource : resources) {
            if (message.contains(" " + resource + " ")) {
                return true;
            }
        }
        return false;
    }

    public SwitchboardApplication(Switchboard switchboard) {
        Jsonb jsonb = JsonbBuilder.create(new JsonbConfig().withFormatting(false));

        register(new JsonbBodyProvider(jsonb));
        register(WebApplicationExceptionMapper.class);
        register(UnhandledExceptionMapper.class);
        register(new LandingResource(switchboard.publishedCard(), switchboard.settings()));
        register(new HealthResource(switchboard));
        Tenants tenants = new Tenants(switchboard.settings().tenant());
        boolean serveV03 = switchboard.settings().serveV03();
        AnswerWriter writer = new AnswerWriter(switchboard.streams());
        register(new JsonRpcResource(new JsonRpcDispatcher(switchboard.tasks(), tenants, switchboard.extendedCard(),
                serveV03, switchboard.operations()), writer));
        RestRoutes.mounts(switchboard.tasks(), switchboard.extendedCard(), tenants, writer, serveV03,
                switchboard.operations()).forEach(this::register);

        // some containers ignore an application's Jsonb resolver otherwise; ours decides everywhere
        property("jersey.config.disableJsonBinding", true);
        // Payara's Jersey also carries Jackson and MOXy, whose features register themselves unless
        // the application names its own JSON feature: Jackson then wrote some starts' /health
        // (a 400 on its Instant) and MOXy logged a JAXB warning on every one
        property(JSON_FEATURE, JsonbBodyProvider.class.getSimpleName());
        property(ServerProperties.WADL_FEATURE_DISABLE, true);
        property(ServerProperties.RESPONSE_SET_STATUS_OVER_SEND_ERROR, true);
        property(ServerProperties.BV_SEND_ERROR_IN_RESPONSE, false);
        // requests for the application's own servlets never reach Jersey (JakartaRestFilter);
        // anything else it does not match goes on to the container's default servlet
        property(ServletProperties.FILTER_FORWARD_ON_404, true);
    }
}
