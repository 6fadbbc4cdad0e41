package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.PublishedCard;
import dev.switchboard.config.BuildInfo;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.v03.AgentCardV03Codec;
import dev.switchboard.security.ApiKey;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.AuthenticationFailure;
import dev.switchboard.security.Caller;
import dev.switchboard.security.Verification;
import dev.switchboard.security.Tier;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.AgentCardCodec;
import jakarta.json.JsonObject;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.config.RequestLimits;
import dev.switchboard.config.RetentionSettings;
import dev.switchboard.task.InputLimits;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.skill.SkillRouter;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.JpaPushConfigStore;
import dev.switchboard.store.SecretBox;
import dev.switchboard.push.DeliverySigner;
import dev.switchboard.push.PushDelivery;
import dev.switchboard.push.RetrySchedule;
import dev.switchboard.push.StreamResponseEncoder;
import dev.switchboard.push.V03TaskEncoder;
import dev.switchboard.push.WebhookGuard;
import dev.switchboard.push.WebhookPost;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.protocol.AgentExtension;
import java.util.Map;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.RetentionPolicy;
import dev.switchboard.store.StoreFigures;
import dev.switchboard.store.StoreOpening;
import dev.switchboard.store.TaskStore;
import dev.switchboard.task.RestartReconciliation;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskService;
import jakarta.servlet.ServletContext;
import dev.switchboard.skill.SkillContext;
import java.io.InputStream;
import java.time.Clock;
import java.util.function.Supplier;
import javax.sql.DataSource;
import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;
import java.time.Instant;
import java.util.List;
import java.util.Optional;
import java.util.function.Function;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The running server as the web layer sees it, assembled once at start-up and shared by every
 * filter, servlet and resource: settings, the published card, the task store and service, the
 * agent pools and the open streams.
 */
public final class Switchboard implements AutoCloseable {
    static final String ATTRIBUTE = Switchboard.class.getName();
    private static final int QUEUED_PER_THREAD = 64;
    private static final int PUSH_THREADS = 4;
    private static final Duration STORE_PATIENCE = Duration.ofSeconds(60);
    /** A database opens in seconds; one still opening after this is worth a warning with its stack. */
    private static final Duration SLOW_OPENING = Duration.ofSeconds(30);
    private static final Logger LOG = Logger.getLogger(Switchboard.class.getName());

    private final Settings settings;
    private final BuildInfo build;
    private final AgentCardDocuments card;
    private final Clock clock;
    private final Instant startedAt;
    private final CompletableFuture<TaskDatabase> database;
    private final StoreOpening opening;
    private final ExecutorService agents;
    private final ExecutorService writers;
    private final TaskEvents events;
    private final TaskService tasks;
    private final StreamRegistry streams;
    private final InstalledSkills skills;
    private final CallerIdentification callers;
    private final RateLimiter rateLimiter;
    private final PushDelivery pushDelivery;
    private final DeliverySigner signer;

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
        // the database opens in the background; restart reconciliation precedes every call to it
        DataSource container = settings.dataSource() == null ? null : TaskDatabase.find(settings.dataSource());
        Supplier<TaskDatabase> open = container != null ? () -> TaskDatabase.over(container, settings.dataSource())
                : () -> TaskDatabase.open(settings.jdbcUrl(), settings.jdbcUser(), settings.jdbcPassword(),
                        Math.max(4, settings.agentThreads() / 2));
        Thread[] opener = new Thread[1];
        this.database = CompletableFuture.supplyAsync(open, runnable -> {
                    opener[0] = threads("switchboard-store-open").newThread(runnable);
                    opener[0].start();
                })
                .thenApply(db -> db.preparedBy(opened -> RestartReconciliation.failUnfinished(
                        new JpaTaskStore(opened.entityManagerFactory(), clock), settings.instanceId(), clock)))
                .thenApply(db -> db.retaining(retentionPolicy(settings.retention()), clock))
                .whenComplete((db, failure) -> {
                    if (failure != null) {
                        LOG.log(Level.SEVERE, "The task store could not be opened; task calls fail until a restart",
                                failure);
                    }
                });
        this.opening = new StoreOpening(database, STORE_PATIENCE);
        opening.reportWhileOpening(opener[0], SLOW_OPENING);
        this.agents = new ThreadPoolExecutor(settings.agentThreads(), settings.agentThreads(), 60, TimeUnit.SECONDS,
                new ArrayBlockingQueue<>(settings.agentThreads() * QUEUED_PER_THREAD), threads("switchboard-agent"));
        this.writers = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                threads("switchboard-stream"));
        this.events = new TaskEvents();
        TaskStore store = opening.deferred(TaskStore.class, db -> new JpaTaskStore(db.entityManagerFactory(), clock,
                settings.idempotentSends()));
        PushConfigs pushConfigs = PushConfigs.disabled(store);
        if (settings.push().enabled()) {
            WebhookGuard guard = new WebhookGuard(settings.push());
            SecretBox secrets = SecretBox.inDirectory(settings.dataDir());
            PushConfigStore configs = opening.deferred(PushConfigStore.class,
                    db -> new JpaPushConfigStore(db.entityManagerFactory(), secrets, clock));
            this.signer = DeliverySigner.inDirectory(settings.dataDir(), clock);
            this.pushDelivery = new PushDelivery(configs, store, guard, new WebhookPost(), signer,
                    List.of(new StreamResponseEncoder(), new V03TaskEncoder()), RetrySchedule.DEFAULT, clock, PUSH_THREADS);
            events.afterEveryPublish(pushDelivery::nudge);
            pushConfigs = new PushConfigs(store, configs, guard, true);
        } else {
            this.signer = null;
            this.pushDelivery = null;
        }
        this.tasks = new TaskService(store, events,
                new SkillRouter(skills), agents, writers, clock, settings.instanceId(),
                new InputLimits(settings.limits().maxParts(), settings.limits().maxTextChars(),
                        settings.limits().maxMetadataBytes(), settings.limits().maxHistory()), pushConfigs);
        this.streams = new StreamRegistry(settings.streamHeartbeat().toSeconds());
    }

    /**
     * Starts the installed skills and builds everything else. The task store opens in the
     * background (and then reconciles tasks an earlier run of this instance left unfinished), so
     * the card is served while it does; calls that need tasks wait for it.
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
        if (switchboard.pushDelivery != null) {
            // deliveries resume once the store is open and reconciled, and the signing key loaded
            switchboard.database.thenRun(switchboard.signer::jwks).thenRun(switchboard.pushDelivery::start)
                    .exceptionally(failure -> {
                        LOG.log(Level.SEVERE, "Push notifications are not delivered: " + failure.getMessage(), failure);
                        return null;
                    });
        }
        return switchboard;
    }

    /**
     * The endpoints this build serves, in the order clients should prefer them: 1.0 first, then,
     * unless turned off, 0.3 at the same URLs (0.3 HTTP+JSON clients add {@code /v1} themselves).
     */
    static List<AgentInterface> servedInterfaces(Settings settings) {
        return PublishedCard.interfaces(settings);
    }

    private static AgentCard card(Settings settings, InstalledSkills skills) {
        return PublishedCard.build(settings, skills.publicDescriptors());
    }

    /**
     * GetExtendedAgentCard: for an authenticated caller, the card with every skill its tier reaches.
     *
     * @throws A2AException for anonymous callers, and when no credential exists at all
     */
    public JsonObject extendedCard(Caller caller, ProtocolVersion line) {
        if (!settings.hasCredentials()) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED, "This agent has no extended agent card");
        }
        if (caller.tier() == Tier.PUBLIC) {
            throw new A2AException(A2AError.EXTENDED_AGENT_CARD_NOT_CONFIGURED,
                    "The extended agent card is for authenticated callers: present an API key or the operator token");
        }
        AgentCard extended = card.card().withSkills(skills.descriptorsFor(caller.tier()));
        return (line == ProtocolVersion.V0_3 ? AgentCardV03Codec.toJson(extended) : AgentCardCodec.toJson(extended))
                .build();
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

    private static RetentionPolicy retentionPolicy(RetentionSettings retention) {
        return new RetentionPolicy(retention.terminalAge(), retention.interruptedAge(), retention.maxTasks());
    }

    /** What the store held when the retention thread last looked; empty while it opens, or before that. */
    public Optional<StoreFigures> storeFigures() {
        if (!database.isDone() || database.isCompletedExceptionally()) {
            return Optional.empty();
        }
        return database.join().figures();
    }

    /** Whether the task store is open yet; the health check reports it. */
    public StoreOpening.State storeState() {
        return opening.state();
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

    /** The JWK Set that verifies signed notifications; empty when push is off. */
    public Optional<String> notificationKeys() {
        return Optional.ofNullable(signer).map(DeliverySigner::jwks);
    }

    @Override
    public void close() {
        if (pushDelivery != null) {
            pushDelivery.close();
        }
        streams.close();
        opening.close();
        agents.shutdownNow();
        writers.shutdownNow();
        try {
            agents.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        closeDatabase();
    }

    /**
     * Closes the database before returning, waiting a bounded time for one still opening: the next
     * deployment of the same data directory cannot open the file while this one holds it.
     */
    private void closeDatabase() {
        try {
            database.get(STORE_PATIENCE.toSeconds(), TimeUnit.SECONDS).close();
        } catch (ExecutionException e) {
            // it never opened: nothing to close
        } catch (TimeoutException e) {
            LOG.warning("The task store is still opening at shutdown; it is closed once it has opened");
            database.thenAccept(TaskDatabase::close);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            database.thenAccept(TaskDatabase::close);
        }
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
