package dev.switchboard.tck;

import jakarta.servlet.ServletContainerInitializer;
import jakarta.servlet.ServletContext;
import java.util.Set;

/**
 * Registers the harness's own filters ahead of the product's (the WAR's web.xml is
 * metadata-complete, so they cannot be annotated): today the gRPC url rewrite of the public card,
 * when {@code switchboard.tck.grpc.url.http} (or {@code SWITCHBOARD_TCK_GRPC_URL_HTTP}) is true.
 */
public final class HarnessFilters implements ServletContainerInitializer {
    static final String GRPC_URL_HTTP = "switchboard.tck.grpc.url.http";

    @Override
    public void onStartup(Set<Class<?>> classes, ServletContext context) {
        if (Boolean.parseBoolean(setting(GRPC_URL_HTTP))) {
            context.addFilter("tck-grpc-url-as-http", new GrpcUrlAsHttp())
                    .addMappingForUrlPatterns(null, false, "/.well-known/agent-card.json", "/.well-known/agent.json");
        }
    }

    /** The product's naming rule: environment, then system property. */
    private static String setting(String name) {
        String env = System.getenv(name.toUpperCase().replace('.', '_'));
        return env != null ? env : System.getProperty(name);
    }
}
