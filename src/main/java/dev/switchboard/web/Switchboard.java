package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.AgentCardFactory;
import dev.switchboard.config.BuildInfo;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.security.ApiKey;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Verification;
import dev.switchboard.skill.Tier;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentCardCodec;
import dev.switchboard.protocol.SecurityScheme;
import jakarta.json.JsonObject;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.config.RequestLimits;
import dev.switchboard.task.InputLimits;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.skill.SkillRouter;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskService;
import jakarta.servlet.ServletContext;
import dev.switchboard.skill.SkillContext;
import java.io.InputStream;
import java.time.Clock;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The running server as the web layer sees it, assembled once at start-up and shared by every
 * filter, servlet and resource: settings, the published card, the task store and service, the
 * agent pools and the open streams.
 */
public final class Switchboard implements AutoCloseable {
    static final String ATTRIBUTE = Switchboard.class.getName();
    private static final int QUEUED_PER_THREAD = 64;

    private final Settings settings;
    private final BuildInfo build;
    private final AgentCardDocuments card;
    private final Clock clock;
    private final Instant startedAt;
    private final TaskDatabase database;
    private final ExecutorService agents;
    private final ExecutorService writers;
    private final TaskEvents events;
    private final TaskService tasks;
    private final StreamRegistry streams;
    private final InstalledSkills skills;
    private final CallerIdentification callers;
    private final RateLimiter rateLimiter;

    private Switchboard(Settings settings, BuildInfo build, InstalledSkills skills, Clock clock) {
        this.settings = settings;
        this.build = build;
        this.clock = clock;
        this.skills = skills;
        RequestLimits limits = settings.limits();
        this.rateLimiter = new RateLimiter(Limits.perMinute(limits.anonymousPerMinute(), limits.keyPerMinute(),
                limits.dailyCeiling()), clock);
        ApiKeys keys = new ApiKeys(settings.keySecret() == null ? null : settings.keySecret().bytes(),
                settings.revokedKeys(), clock);
        this.callers = new CallerIdentification(settings.operatorToken(), text -> apiKeyCaller(keys, text),
                settings.anonymousAccess());
        this.startedAt = clock.instant();
        this.card = AgentCardDocuments.render(card(settings, skills));
        this.database = settings.dataSource() != null ? TaskDatabase.lookup(settings.dataSource())
                : TaskDatabase.open(settings.jdbcUrl(), settings.jdbcUser(), settings.jdbcPassword(),
                        Math.max(4, settings.agentThreads() / 2));
        this.agents = new ThreadPoolExecutor(settings.agentThreads(), settings.agentThreads(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(settings.agentThreads() * QUEUED_PER_THREAD), threads("switchboard-agent"));
        this.writers = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                threads("switchboard-stream"));
        this.events = new TaskEvents();
        this.tasks = new TaskService(new JpaTaskStore(database.entityManagerFactory(), clock), events,
                new SkillRouter(skills), agents, writers, clock, settings.instanceId(),
                new InputLimits(settings.limits().maxParts(), settings.limits().maxTextChars(),
                        settings.limits().maxMetadataBytes(), settings.limits().maxHistory()));
        this.streams = new StreamRegistry(settings.streamHeartbeat().toSeconds());
    }

    /**
     * Starts the installed skills, builds everything else and reconciles tasks an earlier run of
     * this instance left unfinished.
     *
     * @param resources the web application's resources by path, such as {@code /catalogue.json}
     */
    public static Switchboard start(Settings settings, ClassLoader classLoader,
                                    Function<String, InputStream> resources, Clock clock) {
        InstalledSkills skills = InstalledSkills.discover(classLoader);
        skills.start(new SkillContext() {
            @Override
            public Settings settings() {
                return settings;
            }

            @Override
            public Optional<InputStream> webResource(String path) {
                return Optional.ofNullable(resources.apply(path));
            }
        });
        Switchboard switchboard = new Switchboard(settings, BuildInfo.load(), skills, clock);
        try {
            switchboard.tasks.reconcileAfterRestart();
        } catch (RuntimeException e) {
            switchboard.close();
            throw e;
        }
        return switchboard;
    }

    /** The endpoints this build serves, in the order clients should prefer them. */
    static List<AgentInterface> servedInterfaces(Settings settings) {
        return List.of(
                new AgentInterface(settings.urlFor(JsonRpcResource.PATH), AgentInterface.JSONRPC,
                        ProtocolVersion.V1_0, settings.tenant()),
                new AgentInterface(settings.urlFor(RestResource.PATH), AgentInterface.HTTP_JSON,
                        ProtocolVersion.V1_0, settings.tenant()));
    }

    private static AgentCard card(Settings settings, InstalledSkills skills) {
        List<SecurityScheme> schemes = settings.hasCredentials() ? List.of(
                new SecurityScheme("bearer", SecurityScheme.Kind.HTTP_BEARER, null,
                        "An API key or the operator's token as a bearer token"),
                new SecurityScheme("apiKey", SecurityScheme.Kind.API_KEY_HEADER, "X-API-Key",
                        "An API key in the X-API-Key header")) : List.of();
        return AgentCardFactory.build(settings, servedInterfaces(settings),
                new AgentCapabilities(true, false, settings.hasCredentials(), List.of()), skills.publicDescriptors(),
                schemes, settings.anonymousAccess() || !settings.hasCredentials() ? List.of()
                        : List.of("bearer", "apiKey"));
    }

    /**
     * GetExtendedAgentCard: for an authenticated caller, the card with every skill its tier reaches.
     *
     * @throws A2AException for anonymous callers, and when no credential exists at all
     */
    public JsonObject extendedCard(Caller caller) {
        if (!settings.hasCredentials()) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, "This agent has no extended agent card");
        }
        if (caller.tier() == Tier.PUBLIC) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED,
                    "The extended agent card is for authenticated callers: present an API key or the operator token");
        }
        return AgentCardCodec.toJson(card.card().withSkills(skills.descriptorsFor(caller.tier()))).build();
    }

    /** The instance the bootstrap listener registered; absent only if start-up failed. */
    public static Switchboard from(ServletContext context) {
        Object value = context.getAttribute(ATTRIBUTE);
        if (value == null) {
            throw new IllegalStateException("Switchboard did not start; see the first error in the server log");
        }
        return (Switchboard) value;
    }

    public Settings settings() {
        return settings;
    }

    public BuildInfo build() {
        return build;
    }

    public AgentCardDocuments card() {
        return card;
    }

    public Clock clock() {
        return clock;
    }

    public Instant startedAt() {
        return startedAt;
    }

    public TaskService tasks() {
        return tasks;
    }

    private static Caller apiKeyCaller(ApiKeys keys, String text) {
        Verification verification = keys.verify(text);
        if (!verification.isValid()) {
            String reason = verification.reason().name();
            throw new AuthenticationFailure(reason, switch (verification.reason()) {
                case NO_SECRET -> "API keys are not accepted: this server has no key secret configured";
                case MALFORMED -> "The API key is malformed";
                case BAD_SIGNATURE -> "The API key's signature does not match";
                case REVOKED -> "The API key was revoked";
                case EXPIRED -> "The API key has expired";
            });
        }
        ApiKey key = verification.key();
        return new Caller(key.tier() == Tier.OPERATOR ? Caller.Kind.OPERATOR : Caller.Kind.API_KEY,
                key.tier() == Tier.OPERATOR ? null : "key:" + key.id(), key.tier(), key.label());
    }

    /** How often callers may call. */
    public RateLimiter rateLimiter() {
        return rateLimiter;
    }

    /** Tells who is calling. */
    public CallerIdentification callers() {
        return callers;
    }

    public InstalledSkills skills() {
        return skills;
    }

    StreamRegistry streams() {
        return streams;
    }

    TaskEvents events() {
        return events;
    }

    @Override
    public void close() {
        streams.close();
        agents.shutdownNow();
        writers.shutdownNow();
        try {
            agents.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        database.close();
    }

    private static ThreadFactory threads(String name) {
        AtomicInteger count = new AtomicInteger();
        return runnable -> {
            Thread thread = new Thread(runnable, name + "-" + count.incrementAndGet());
            thread.setDaemon(true);
            return thread;
        };
    }
}
