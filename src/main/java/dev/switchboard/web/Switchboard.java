package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.CardExtensions;
import dev.switchboard.card.CardSigningKeys;
import dev.switchboard.card.ExtendedCard;
import dev.switchboard.card.PublishedCard;
import dev.switchboard.config.BuildInfo;
import dev.switchboard.config.RequestLimits;
import dev.switchboard.config.Settings;
import dev.switchboard.observe.Metrics;
import dev.switchboard.observe.OperationLog;
import dev.switchboard.observe.Operations;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.runtime.DaemonThreads;
import dev.switchboard.security.ApiKeys;
import dev.switchboard.security.CallerIdentification;
import dev.switchboard.security.Limits;
import dev.switchboard.security.RateLimiter;
import dev.switchboard.security.Tier;
import dev.switchboard.security.oidc.AccessTokens;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.skill.SkillContext;
import dev.switchboard.skill.SkillRouter;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.SharedKeys;
import dev.switchboard.store.StoreFigures;
import dev.switchboard.store.StoreOpening;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import dev.switchboard.task.AnonymousTaskQuota;
import dev.switchboard.task.InputLimits;
import dev.switchboard.task.LeaseKeeper;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskService;
import dev.switchboard.web.binding.StreamRegistry;
import dev.switchboard.web.observe.ServerGauges;
import java.io.InputStream;
import java.net.URI;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.Map;
import java.util.Optional;
import java.util.concurrent.ArrayBlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadPoolExecutor;
import java.util.concurrent.TimeUnit;
import java.util.function.Function;
import java.util.logging.Logger;

/**
 * The running server, assembled once at start-up from its settings: the published card, the task
 * store and service, the agent pools, push delivery, callers and limits, and the open streams.
 * It only assembles and closes; what each part does is decided in its own package.
 */
public final class Switchboard implements AutoCloseable {
    private static final int QUEUED_PER_THREAD = 64;
    private static final Duration STORE_PATIENCE = Duration.ofSeconds(60);
    /** A database opens in seconds; one still opening after this is worth a warning with its stack. */
    private static final Duration SLOW_OPENING = Duration.ofSeconds(30);
    private static final Logger LOG = Logger.getLogger(Switchboard.class.getName());

    private final Settings settings;
    private final BuildInfo build;
    private final InstalledSkills skills;
    private final Clock clock;
    private final Instant startedAt;
    private final CardSigningKeys cardKeys;
    private final CardExtensions cardExtensions;
    private final AgentCard publishedCard;
    private final CompletableFuture<AgentCardDocuments> card;
    private final ExtendedCard extendedCard;
    private final CallerIdentification callers;
    private final RateLimiter rateLimiter;
    private final RateLimiter failedCredentials;
    private final CompletableFuture<TaskDatabase> database;
    private final StoreOpening opening;
    private final ExecutorService agents;
    private final ExecutorService writers;
    private final PushParts push;
    private final TaskService tasks;
    private final LeaseKeeper leases;
    private final StreamRegistry streams;
    private final Metrics metrics;
    private final Operations operations;

    private Switchboard(Settings settings, BuildInfo build, InstalledSkills skills, Clock clock) {
        this.settings = settings;
        this.build = build;
        this.skills = skills;
        this.clock = clock;
        this.startedAt = clock.instant();
        this.metrics = settings.observability().metricsEnabled() ? Metrics.on() : Metrics.off();
        this.operations = new Operations(metrics, settings.observability().logOperations()
                ? OperationLog.of(settings.observability().logFormat()) : null);
        // a key setting that cannot be used stops the start before the store is opened
        this.cardKeys = settings.cardSigning().enabled()
                ? CardSigningKeys.load(settings.cardSigning(), settings.dataDir()) : null;
        // the store opens next: rendering and signing the card then overlaps its seconds
        Thread[] opener = new Thread[1];
        Map<String, SharedKeys.Key> sharedKeys = InstanceKeys.of(settings, cardKeys, clock);
        this.database = TaskStoreStart.open(settings, clock, sharedKeys, runnable -> {
            opener[0] = DaemonThreads.named("switchboard-store-open").newThread(runnable);
            opener[0].start();
        });
        PushParts assembled = null;
        try {
            this.cardExtensions = CardExtensions.of(PublishedCard.serverExtensions(settings), skills);
            this.publishedCard = PublishedCard.build(settings, skills.publicDescriptors(),
                    cardExtensions.forTier(Tier.PUBLIC));
            this.card = AgentCardDocuments.rendering(publishedCard, cardKeys, URI.create(settings.urlFor(PublishedCard.CARD_JWKS_PATH)));
            this.extendedCard = new ExtendedCard(publishedCard, skills, cardExtensions, settings.hasCredentials());
            RequestLimits limits = settings.limits();
            this.rateLimiter = new RateLimiter(Limits.perMinute(limits.anonymousPerMinute(), limits.keyPerMinute(),
                    limits.dailyCeiling()), clock);
            this.failedCredentials = new RateLimiter(Limits.perMinute(limits.failedCredentialsPerMinute(), 0, 0),
                    clock);
            this.callers = CallerIdentification.withKeys(settings.operatorToken(), new ApiKeys(
                    settings.keySecret() == null ? null : settings.keySecret().bytes(), settings.revokedKeys(), clock),
                    settings.anonymousAccess(),
                    settings.oidc() == null ? null : AccessTokens.of(settings.oidc(), clock));
            this.opening = new StoreOpening(database, STORE_PATIENCE);
            opening.reportWhileOpening(opener[0], SLOW_OPENING);
            this.agents = new ThreadPoolExecutor(settings.agentThreads(), settings.agentThreads(), 60, TimeUnit.SECONDS,
                    new ArrayBlockingQueue<>(settings.agentThreads() * QUEUED_PER_THREAD),
                    DaemonThreads.pool("switchboard-agent"));
            this.writers = Executors.newFixedThreadPool(Math.max(2, Runtime.getRuntime().availableProcessors()),
                    DaemonThreads.pool("switchboard-stream"));
            TaskEvents events = new TaskEvents();
            TaskStore store = opening.deferred(TaskStore.class, db -> new JpaTaskStore(db.entityManagerFactory(), clock,
                    settings.idempotentSends(), metrics, settings.taskLease()));
            assembled = PushParts.assemble(settings, store, opening, events, clock, metrics);
            this.push = assembled;
            this.tasks = new TaskService(store, events, new SkillRouter(skills), agents, writers, clock,
                    settings.instanceId(), new InputLimits(limits.maxParts(), limits.maxTextChars(),
                            limits.maxMetadataBytes(), limits.maxHistory(), limits.maxListBytes()), push.configs(),
                    AnonymousTaskQuota.perMinute(limits.anonymousTasksPerMinute(), clock));
            this.leases = new LeaseKeeper(tasks, settings.taskLease());
            this.streams = new StreamRegistry(settings.streamHeartbeat().toSeconds());
            ServerGauges.register(metrics, (ThreadPoolExecutor) agents, streams);
        } catch (RuntimeException | Error e) {
            // the store has begun to open: a start that fails after this point (an installed skill
            // declaring a bad extension, say) must not keep it open, or the next deployment of the
            // same data directory finds its file in use; nor keep push delivery's pools
            if (assembled != null) {
                assembled.close();
            }
            database.thenAccept(TaskDatabase::close);
            throw e;
        }
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
        LOG.info(() -> "Starting as instance " + settings.instanceId() + ", with task leases of "
                + settings.taskLease().toSeconds() + " s");
        Switchboard switchboard = new Switchboard(settings, BuildInfo.load(), skills, clock);
        switchboard.push.startOnceOpen(switchboard.database);
        // after the restart reconciliation of this instance's own tasks, which opening the store runs
        switchboard.database.thenRun(switchboard.leases::start);
        // on PostgreSQL, what other instances store reaches this one's clients; it stops as the database closes
        switchboard.database.thenAccept(db -> db.sharingEvents(switchboard.tasks::sharedEvents));
        return switchboard;
    }

    public Settings settings() {
        return settings;
    }

    public BuildInfo build() {
        return build;
    }

    /** The card this server publishes, as the model its renderings are made from. */
    public AgentCard publishedCard() {
        return publishedCard;
    }

    /** The card's documents, served once they are rendered (and signed, where a key is set). */
    public CompletableFuture<AgentCardDocuments> card() {
        return card;
    }

    /** The extensions each caller's card lists: what its requests may activate, and must. */
    public CardExtensions cardExtensions() {
        return cardExtensions;
    }

    /** What GetExtendedAgentCard answers to each caller. */
    public ExtendedCard extendedCard() {
        return extendedCard;
    }

    public Clock clock() {
        return clock;
    }

    public Instant startedAt() {
        return startedAt;
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

    /** How often callers may call. */
    public RateLimiter rateLimiter() {
        return rateLimiter;
    }

    /** Counts refused credentials per address block: guessing is answered 429 once it has its share. */
    public RateLimiter failedCredentials() {
        return failedCredentials;
    }

    /** Tells who is calling. */
    public CallerIdentification callers() {
        return callers;
    }

    public InstalledSkills skills() {
        return skills;
    }

    /** The event streams open to clients. */
    public StreamRegistry streams() {
        return streams;
    }

    /** What the server counts and times, served at {@code /metrics}. */
    public Metrics metrics() {
        return metrics;
    }

    /** Where every binding reports its operations. */
    public Operations operations() {
        return operations;
    }

    /** The JWK Set that verifies the card's signatures; empty when the card is not signed. */
    public Optional<String> cardSigningKeys() {
        return Optional.ofNullable(cardKeys).map(CardSigningKeys::jwks);
    }

    /** The JWK Set that verifies signed notifications; empty when push is off. */
    public Optional<String> notificationKeys() {
        return push.notificationKeys();
    }

    @Override
    public void close() {
        leases.close();
        push.close();
        streams.close();
        opening.close();
        agents.shutdownNow();
        writers.shutdownNow();
        try {
            agents.awaitTermination(5, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
        TaskStoreStart.close(database, STORE_PATIENCE);
    }
}
