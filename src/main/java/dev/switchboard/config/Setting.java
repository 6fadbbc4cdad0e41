package dev.switchboard.config;

import java.util.Locale;

/**
 * Every setting the server reads, under one naming rule: the system property and servlet context
 * parameter {@code switchboard.public.url} is the environment variable {@code SWITCHBOARD_PUBLIC_URL}.
 * The environment wins over system properties, which win over context parameters.
 */
public enum Setting {
    PUBLIC_URL("switchboard.public.url",
            "Absolute base URL clients reach this server at; the card's endpoints are built from it."),
    DATA_DIR("switchboard.data.dir", "Directory for the task store and other state; created when missing."),
    AGENT_NAME("switchboard.agent.name", "Agent name on the card."),
    AGENT_DESCRIPTION("switchboard.agent.description", "Agent description on the card."),
    PROVIDER_ORGANIZATION("switchboard.provider.organization", "Operating organization shown on the card."),
    PROVIDER_URL("switchboard.provider.url", "The organization's URL (defaults to the public URL)."),
    DOCUMENTATION_URL("switchboard.documentation.url", "Link to documentation for this agent."),
    ICON_URL("switchboard.icon.url", "Link to an icon for this agent."),
    CARD_VERSION("switchboard.card.version", "The agent's version as published on the card."),
    TENANT("switchboard.tenant",
            "Tenant the card's endpoints name; clients then send it on every request (REST path prefix)."),
    CATALOGUE_FILE("switchboard.catalogue.file",
            "A catalogue file to use instead of the one in the WAR; checked at start-up."),
    OPERATOR_TOKEN("switchboard.operator.token",
            "Bearer token of the operator, who sees and manages every task; at least 32 characters; never logged."),
    TRUSTED_PROXIES("switchboard.trusted.proxies",
            "Comma-separated addresses or CIDR blocks of reverse proxies whose X-Forwarded-For names the real client."),
    ANONYMOUS_ACCESS("switchboard.anonymous.access",
            "Whether callers without a credential may use the agent (true, the default, or false)."),
    KEY_SECRET("switchboard.key.secret",
            "Base64 secret (at least 32 bytes) that signs API keys; without it every key is refused; never logged."),
    REVOKED_KEYS("switchboard.revoked.keys", "Comma-separated ids of API keys that are no longer accepted."),
    LIMIT_ANONYMOUS_PER_MINUTE("switchboard.limit.anonymous.per.minute",
            "Requests per minute from each anonymous address (an IPv6 /64), whatever caller key it sends; 0 for no limit."),
    LIMIT_KEY_PER_MINUTE("switchboard.limit.key.per.minute", "Requests per minute for each API key; 0 for no limit."),
    LIMIT_DAILY("switchboard.limit.daily",
            "Requests per UTC day from all anonymous callers together (key holders and the operator are not counted); 0 for no ceiling."),
    LIMIT_ANONYMOUS_TASKS_PER_MINUTE("switchboard.limit.anonymous.tasks.per.minute",
            "Tasks each anonymous address (an IPv6 /64) may start per minute; 0 for no limit."),
    LIMIT_FAILED_CREDENTIALS_PER_MINUTE("switchboard.limit.failed.credentials.per.minute",
            "Refused credentials per minute from one address before it is answered 429 for the rest of the minute; 0 for no limit."),
    MAX_PARTS("switchboard.max.parts", "Parts per message."),
    MAX_TEXT_CHARS("switchboard.max.text.chars", "Characters per text part."),
    MAX_METADATA_BYTES("switchboard.max.metadata.bytes", "Bytes of metadata per message or request."),
    MAX_HISTORY("switchboard.max.history", "Messages a task keeps in its history; older ones are dropped."),
    MAX_LIST_BYTES("switchboard.max.list.bytes",
            "Bytes of tasks one ListTasks page carries at most; a page ends early, with a token for the rest, rather than pass it (one task at least)."),
    MODEL_URL("switchboard.model.url",
            "Base URL of an OpenAI-compatible chat API that reads key holders' catalogue questions; off when unset."),
    MODEL_NAME("switchboard.model.name", "The model to ask at switchboard.model.url."),
    MODEL_API_KEY("switchboard.model.api.key", "Bearer token for switchboard.model.url; never logged."),
    MODEL_TIMEOUT("switchboard.model.timeout.seconds", "Seconds to wait for the model before reading by keywords."),
    CARD_MODES("switchboard.card.modes",
            "Comma-separated media types the card lists as default input and output modes."),
    CARD_MAX_AGE("switchboard.card.max.age",
            "Seconds clients and caches may reuse the card and other static JSON (Cache-Control max-age)."),
    MAX_REQUEST_BYTES("switchboard.max.request.bytes",
            "Largest request body accepted, in bytes (suffixes KB, MB allowed); larger ones get 413."),
    JDBC_URL("switchboard.jdbc.url", "JDBC URL of the task store (H2 or PostgreSQL); default: H2 in the data dir."),
    JDBC_USER("switchboard.jdbc.user", "Database user for the JDBC URL."),
    JDBC_PASSWORD("switchboard.jdbc.password", "Database password for the JDBC URL; never logged."),
    DATASOURCE("switchboard.datasource",
            "JNDI name of a container DataSource (H2 or PostgreSQL) for the task store, e.g. java:comp/env/jdbc/switchboard; "
                    + "replaces the JDBC URL."),
    INSTANCE_ID("switchboard.instance.id",
            "This server's name among instances sharing one database; distinct per instance. Default: local on the "
                    + "embedded H2 file, the host name when a JDBC URL or DataSource is set."),
    TASK_LEASE_SECONDS("switchboard.task.lease.seconds",
            "Seconds an instance's hold on the tasks it runs lasts unless renewed (it renews every third of it); "
                    + "the running tasks of an instance that stopped are failed by another this long after."),
    AGENT_THREADS("switchboard.agent.threads", "Threads that run agents; further work waits in a bounded queue."),
    STREAM_HEARTBEAT("switchboard.stream.heartbeat.seconds",
            "Seconds of silence after which an event stream gets a heartbeat comment."),
    PROTOCOL_V03("switchboard.protocol.v03",
            "Whether A2A 0.3 is served besides 1.0 (true, the default, or false: the card then lists 1.0 only "
                    + "and 0.3 requests get VersionNotSupported)."),
    GRPC_ENABLED("switchboard.grpc.enabled",
            "Whether the gRPC services are served (on the connector's HTTP/2) and listed on the card."),
    GRPC_AUTHORITY("switchboard.grpc.authority",
            "The host:port the card names for gRPC; unset: the public URL's host and port."),
    GRPC_STATUSES("switchboard.grpc.statuses",
            "Whose gRPC status codes A2A errors carry: 1.0.1 (A2A v1.0.1's table) or 1.0.0 (v1.0.0's, which "
                    + "answers UNIMPLEMENTED for PushNotificationNotSupported, UnsupportedOperation and "
                    + "VersionNotSupported)."),
    SEND_IDEMPOTENT("switchboard.send.idempotent",
            "Whether a first message (no taskId) that repeats a messageId the same caller sent before is answered "
                    + "with the task it created (true, the default) or starts another task (false)."),
    PUSH_ENABLED("switchboard.push.enabled",
            "Whether push notifications are offered; default true when the webhook guard is on, else false."),
    PUSH_GUARD("switchboard.push.guard",
            "Whether webhook targets resolving to loopback, private, link-local or other internal addresses are refused."),
    PUSH_ALLOW_HTTP("switchboard.push.allow.http", "Whether plain http webhook URLs are accepted; https only by default."),
    PUSH_ALLOWLIST("switchboard.push.allowlist",
            "Comma-separated host names, addresses and CIDR blocks webhooks may reach despite the guard."),
    PUSH_MAX_CONFIGS_PER_TASK("switchboard.push.max.configs.per.task",
            "Push notification configs one task may have; 0 for no limit."),
    PUSH_MAX_CONFIGS_PER_CALLER("switchboard.push.max.configs.per.caller",
            "Push notification configs one caller may have on its unfinished tasks, not counting cut-off ones; "
                    + "0 for no limit."),
    PUSH_THREADS("switchboard.push.threads", "Threads that send push notifications."),
    PUSH_TIMEOUT_SECONDS("switchboard.push.timeout.seconds",
            "Seconds one webhook POST may take, from connecting to the answer's status line."),
    RETENTION_MINUTES("switchboard.retention.minutes",
            "Minutes a completed, failed, canceled or rejected task is kept after its last status change, with its "
                    + "events and push configs; 0 keeps them forever."),
    RETENTION_INTERRUPTED_MINUTES("switchboard.retention.interrupted.minutes",
            "Minutes an input-required or auth-required task is kept after its last status change; 0 keeps them forever."),
    RETENTION_MAX_TASKS("switchboard.retention.max.tasks",
            "Most tasks kept; beyond it the oldest terminal tasks are deleted first; 0 for no maximum."),
    CARD_SIGNING_ENABLED("switchboard.card.signing.enabled",
            "Whether the Agent Card carries JWS signatures (A2A 1.0 section 8.4); on by default."),
    CARD_SIGNING_KEY("switchboard.card.signing.key",
            "PKCS#12 keystore (.p12, .pfx) or PEM file with the card-signing private key (EC P-256/P-384 or RSA); "
                    + "default: a P-256 key made once in the data directory."),
    CARD_SIGNING_KEY_PASSWORD("switchboard.card.signing.key.password",
            "Password of the card-signing PKCS#12 keystore; never logged."),
    CARD_SIGNING_KEY_ALIAS("switchboard.card.signing.key.alias",
            "Alias of the card-signing key in its keystore; default: its only key entry."),
    CARD_SIGNING_PREVIOUS_KEY("switchboard.card.signing.previous.key",
            "During a key rotation, the key that signed the card before: the card carries both signatures and the "
                    + "JWK Set both keys; remove it when the rotation window ends."),
    CARD_SIGNING_PREVIOUS_KEY_PASSWORD("switchboard.card.signing.previous.key.password",
            "Password of the previous card-signing keystore; never logged."),
    OIDC_ISSUER("switchboard.oidc.issuer",
            "Issuer URL of an OpenID Connect provider whose JWT access tokens are accepted as bearer tokens (discovery "
                    + "at its /.well-known/openid-configuration); off when unset."),
    OIDC_AUDIENCE("switchboard.oidc.audience",
            "Comma-separated audiences (aud) of which an access token must name one; required with the issuer."),
    OIDC_ALLOW_HTTP("switchboard.oidc.allow.http",
            "Whether a plain http issuer is accepted (tests, Keycloak's dev mode); https only by default."),
    OIDC_REQUIRED_SCOPES("switchboard.oidc.required.scopes",
            "Comma-separated scopes every access token must carry; one missing is answered 403 insufficient_scope."),
    OIDC_ROLE_CLAIMS("switchboard.oidc.role.claims",
            "Comma-separated claims (dotted paths) whose values are matched against the role settings; default "
                    + "realm_access.roles,roles,groups,scope,scp."),
    OIDC_OPERATOR_ROLES("switchboard.oidc.operator.roles",
            "Comma-separated roles, groups or scopes that make a token's holder the operator; none by default."),
    OIDC_AUTHENTICATED_ROLES("switchboard.oidc.authenticated.roles",
            "Comma-separated roles, groups or scopes that give a token's holder the authenticated tier; unset: every "
                    + "valid token does, set: a token with none of them reaches only what anonymous callers do."),
    OIDC_INTROSPECTION_CLIENT_ID("switchboard.oidc.introspection.client.id",
            "Client id this server introspects opaque (non-JWT) access tokens with (RFC 7662), at the issuer's "
                    + "introspection_endpoint; off when unset."),
    OIDC_INTROSPECTION_CLIENT_SECRET("switchboard.oidc.introspection.client.secret",
            "That client's secret; never logged."),
    OIDC_CLOCK_SKEW("switchboard.oidc.clock.skew.seconds",
            "Seconds of clock difference tolerated on a token's exp, nbf and iat."),
    METRICS_ENABLED("switchboard.metrics.enabled",
            "Whether metrics are kept and served at /metrics in the Prometheus text format; on by default."),
    METRICS_PUBLIC("switchboard.metrics.public",
            "Whether /metrics answers without the operator token; off by default (401 without it)."),
    LOG_OPERATIONS("switchboard.log.operations",
            "Whether each A2A operation is logged as one INFO line on the logger dev.switchboard.operations; off by "
                    + "default."),
    LOG_FORMAT("switchboard.log.format",
            "The operation log line's format: text (key=value) or json (one JSON object per line).");

    private final String key;
    private final String description;

    Setting(String key, String description) {
        this.key = key;
        this.description = description;
    }

    /** The system property and context parameter name. */
    public String key() {
        return key;
    }

    /** The environment variable name. */
    public String environmentName() {
        return key.toUpperCase(Locale.ROOT).replace('.', '_');
    }

    public String description() {
        return description;
    }

    /** Whether the value is a secret that must never appear in logs or messages. */
    public boolean isSecret() {
        return this == JDBC_PASSWORD || this == OPERATOR_TOKEN || this == KEY_SECRET || this == MODEL_API_KEY
                || this == CARD_SIGNING_KEY_PASSWORD || this == CARD_SIGNING_PREVIOUS_KEY_PASSWORD
                || this == OIDC_INTROSPECTION_CLIENT_SECRET;
    }
}
