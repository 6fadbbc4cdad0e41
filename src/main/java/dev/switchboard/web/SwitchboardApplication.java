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
import org.glassfish.jersey.server.ResourceConfig;
import org.glassfish.jersey.server.ServerProperties;
import org.glassfish.jersey.servlet.ServletProperties;

/**
 * The Jakarta REST application: both bindings' resources, the landing page, health, and the
 * providers, registered as instances built from the one {@link Switchboard}, so nothing is found
 * by scanning and nothing is injected by magic.
 */
public final class SwitchboardApplication extends ResourceConfig {
    /** Jersey's {@code InternalProperties.JSON_FEATURE}: every JSON feature but the one named stands down. */
    static final String JSON_FEATURE = "jersey.config.jsonFeature";

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
