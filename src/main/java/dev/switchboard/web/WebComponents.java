package dev.switchboard.web;

import dev.switchboard.card.PublishedCard;
import dev.switchboard.skill.catalogue.CatalogueSkill;
import dev.switchboard.web.binding.Endpoints;
import dev.switchboard.web.binding.Tenants;
import dev.switchboard.web.filter.CallerFilter;
import dev.switchboard.web.filter.ConditionalGetFilter;
import dev.switchboard.web.filter.ExtensionsFilter;
import dev.switchboard.web.filter.JakartaRestFilter;
import dev.switchboard.web.filter.ProtocolVersionFilter;
import dev.switchboard.web.filter.RateLimitFilter;
import dev.switchboard.web.filter.RequestBodyLimitFilter;
import dev.switchboard.web.grpc.GrpcEndpoint;
import dev.switchboard.web.landing.StaticAssetServlet;
import dev.switchboard.web.observe.MetricsServlet;
import dev.switchboard.web.observe.TraceContextFilter;
import jakarta.servlet.Filter;
import jakarta.servlet.FilterRegistration;
import jakarta.servlet.Servlet;
import jakarta.servlet.ServletContext;
import jakarta.servlet.ServletRegistration;

/**
 * The filters and servlets of the web application, built from the running server and registered
 * with the container in the order requests pass them. Built here rather than named in
 * {@code web.xml}, so that each is handed what it needs instead of looking the server up.
 */
final class WebComponents {
    /** Where Prometheus scrapes. */

    private WebComponents() {
    }

    static void register(ServletContext context, Switchboard switchboard) {
        // every filter is async-supported: streams pass through them
        filter(context, "trace-context", new TraceContextFilter(), "/*");
        filter(context, "request-body-limit", new RequestBodyLimitFilter(switchboard.settings().maxRequestBytes()),
                "/*");
        filter(context, "caller", new CallerFilter(switchboard.callers(), switchboard.settings().trustedProxies(),
                switchboard.failedCredentials(), "https".equals(switchboard.settings().publicUrl().getScheme()),
                switchboard.metrics()), "/*");
        filter(context, "rate-limit", new RateLimitFilter(switchboard.rateLimiter(), switchboard.metrics()), "/*");
        filter(context, "protocol-version", new ProtocolVersionFilter(), "/*");
        filter(context, "extensions", new ExtensionsFilter(switchboard.cardExtensions()), "/*");
        filter(context, "conditional-get", new ConditionalGetFilter(switchboard.settings().cardMaxAge()),
                "/.well-known/*", "*.json", StaticAssetServlet.PREFIX + "/*");
        // Jersey starts in the background: the card answers while it starts
        filter(context, "jakarta-rest", new JakartaRestFilter(
                () -> SwitchboardApplication.container(switchboard)), "/*");

        servlet(context, "agent-card", new AgentCardServlet(switchboard.card(), switchboard.startedAt(),
                switchboard.settings().serveV03()), "/.well-known/agent-card.json", "/.well-known/agent.json")
                .setLoadOnStartup(1);
        servlet(context, "notification-keys", new JwksServlet(switchboard.notificationKeys(),
                "Push notifications are off: there is no notification key"), "/.well-known/jwks.json");
        servlet(context, "card-signing-keys", new JwksServlet(switchboard.cardSigningKeys(),
                "The Agent Card is not signed: there is no card-signing key"), PublishedCard.CARD_JWKS_PATH);
        servlet(context, "catalogue", new CatalogueServlet(switchboard.skills().find(CatalogueSkill.class)),
                "/catalogue.json");
        // the landing page's script and style sheet: files, so its CSP can forbid inline code
        servlet(context, "static-assets", new StaticAssetServlet(), StaticAssetServlet.PREFIX + "/*");
        if (switchboard.settings().grpc().enabled()) {
            servlet(context, "grpc", new GrpcEndpoint(switchboard.tasks(), switchboard.extendedCard(),
                    new Tenants(switchboard.settings().tenant()), (int) switchboard.settings().maxRequestBytes(),
                    switchboard.settings().serveV03(), switchboard.settings().grpc().v100Statuses(),
                    switchboard.operations(), switchboard.streams()),
                    GrpcEndpoint.V1_PATH,
                    GrpcEndpoint.V03_PATH)
                    .setAsyncSupported(true);
        }
        if (switchboard.metrics().isOn()) {
            servlet(context, "metrics", new MetricsServlet(switchboard.metrics(),
                    switchboard.settings().observability().metricsPublic()), Endpoints.METRICS);
        }
        // web.xml sends every error status and uncaught exception here, so none answers HTML
        servlet(context, "error-page", new ErrorPageServlet(), "/_error");
    }

    private static void filter(ServletContext context, String name, Filter filter, String... patterns) {
        FilterRegistration.Dynamic registration = context.addFilter(name, filter);
        registration.setAsyncSupported(true);
        registration.addMappingForUrlPatterns(null, true, patterns);
    }

    private static ServletRegistration.Dynamic servlet(ServletContext context, String name, Servlet servlet,
                                                       String... patterns) {
        ServletRegistration.Dynamic registration = context.addServlet(name, servlet);
        registration.addMapping(patterns);
        return registration;
    }
}
