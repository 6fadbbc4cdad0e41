package dev.switchboard.config;

import java.net.URI;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Objects;
import java.util.Set;

/**
 * Every setting, read once at start-up by {@link SettingsLoader} and never changed afterwards.
 *
 * @param publicUrl            base URL without a trailing slash, e.g. {@code https://agent.example.com}
 * @param providerOrganization null when no provider is shown
 * @param documentationUrl     null when unset
 * @param iconUrl              null when unset
 * @param jdbcUrl              the task store's database
 * @param jdbcUser             null when unset
 * @param jdbcPassword         null when unset; never logged
 * @param dataSource           JNDI name of the container's DataSource for the task store, or null to use jdbcUrl
 * @param tenant               the tenant the card's endpoints name, or null
 * @param catalogueFile        a catalogue replacing the bundled one, or null
 * @param operatorToken        the operator's bearer token, or null for no operator access; never logged
 * @param limits               rates and sizes callers may use
 * @param keySecret            signs API keys; null when keys are refused
 * @param revokedKeys          ids of API keys no longer accepted
 * @param anonymousAccess      whether callers without a credential may use the agent
 * @param trustedProxies       the address blocks whose X-Forwarded-For header is believed
 * @param model                the chat endpoint that reads catalogue questions, or null
 * @param serveV03             whether the A2A 0.3 line is served besides 1.0
 * @param push                 push notifications and the webhook guard
 * @param idempotentSends      whether a caller's repeated first send gets the task it created
 * @param retention            how long tasks are kept
 * @param grpc                 the gRPC binding: served or not, and the authority the card names
 * @param cardSigning          how the Agent Card is signed
 * @param observability        metrics and the operation log
 * @param oidc                 the OpenID Connect provider whose access tokens are accepted, or null
 * @param taskLease            how long an instance's hold on a task it runs lasts unless renewed; null for
 *                             {@link #DEFAULT_TASK_LEASE}
 */
public record Settings(URI publicUrl, Path dataDir, String agentName, String agentDescription,
                       String providerOrganization, URI providerUrl, URI documentationUrl, URI iconUrl,
                       String cardVersion, List<String> cardModes, Duration cardMaxAge, long maxRequestBytes,
                       String jdbcUrl,
                       String jdbcUser, String jdbcPassword, String dataSource, String instanceId, int agentThreads,
                       Duration streamHeartbeat, String tenant, Path catalogueFile, String operatorToken,
                       RequestLimits limits, KeySecret keySecret, Set<String> revokedKeys,
                       boolean anonymousAccess, List<Cidr> trustedProxies, ModelEndpoint model,
                       boolean serveV03, PushSettings push, boolean idempotentSends,
                       RetentionSettings retention, GrpcSettings grpc,
                       CardSigningSettings cardSigning, ObservabilitySettings observability,
                       OidcSettings oidc, Duration taskLease) {
    /** Thirty seconds: a few missed renewals, not a short stall, let an instance's tasks go. */
    public static final Duration DEFAULT_TASK_LEASE = Duration.ofSeconds(30);

    public Settings {
        Objects.requireNonNull(publicUrl, "publicUrl");
        Objects.requireNonNull(dataDir, "dataDir");
        Objects.requireNonNull(agentName, "agentName");
        Objects.requireNonNull(agentDescription, "agentDescription");
        Objects.requireNonNull(cardVersion, "cardVersion");
        Objects.requireNonNull(cardMaxAge, "cardMaxAge");
        cardModes = List.copyOf(cardModes);
        revokedKeys = revokedKeys == null ? Set.of() : Set.copyOf(revokedKeys);
        trustedProxies = trustedProxies == null ? List.of() : List.copyOf(trustedProxies);
        Objects.requireNonNull(jdbcUrl, "jdbcUrl");
        Objects.requireNonNull(instanceId, "instanceId");
        Objects.requireNonNull(streamHeartbeat, "streamHeartbeat");
        push = push == null ? PushSettings.DEFAULT : push;
        retention = retention == null ? RetentionSettings.DEFAULT : retention;
        grpc = grpc == null ? GrpcSettings.DEFAULT : grpc;
        cardSigning = cardSigning == null ? CardSigningSettings.DEFAULT : cardSigning;
        observability = observability == null ? ObservabilitySettings.DEFAULT : observability;
        taskLease = taskLease == null ? DEFAULT_TASK_LEASE : taskLease;
    }

    /** The API key secret, kept out of every string and comparison. */
    public static final class KeySecret {
        private final byte[] bytes;

        public KeySecret(byte[] bytes) {
            this.bytes = bytes.clone();
        }

        public byte[] bytes() {
            return bytes.clone();
        }

        @Override
        public String toString() {
            return "***";
        }
    }

    @Override
    public String toString() {
        return "Settings[publicUrl=" + publicUrl + ", operatorToken=" + (operatorToken == null ? "none" : "***") + ", dataDir=" + dataDir + ", jdbcUrl=" + jdbcUrl
                + ", dataSource=" + dataSource
                + ", instanceId=" + instanceId + "]";
    }

    /** Whether any credential can be presented: an operator token, API keys or an identity provider's tokens. */
    public boolean hasCredentials() {
        return operatorToken != null || keySecret != null || oidc != null;
    }

    /** An absolute URL below the public base, for a path starting with {@code /}. */
    public String urlFor(String path) {
        return publicUrl + path;
    }
}
