package dev.switchboard.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Objects;

/**
 * Every setting, read once at start-up by {@link SettingsLoader} and never changed afterwards.
 *
 * @param publicUrl            base URL without a trailing slash, e.g. {@code https://agent.example.com}
 * @param providerOrganization null when no provider is shown
 * @param documentationUrl     null when unset
 * @param iconUrl              null when unset
 */
public record Settings(URI publicUrl, Path dataDir, String agentName, String agentDescription,
                       String providerOrganization, URI providerUrl, URI documentationUrl, URI iconUrl,
                       String cardVersion, Duration cardMaxAge, long maxRequestBytes) {
    public Settings {
        Objects.requireNonNull(publicUrl, "publicUrl");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(agentName, "agentName");
        Objects.requireNonNull(agentDescription, "agentDescription");
        Objects.requireNonNull(cardVersion, "cardVersion");
        Objects.requireNonNull(cardMaxAge, "cardMaxAge");
    }

    /** An absolute URL below the public base, for a path starting with {@code /}. */
    public String urlFor(String path) {
        return publicUrl + path;
    }
}
