package dev.switchboard.web.binding;

import dev.switchboard.card.CardExtensions;
import dev.switchboard.card.ExtendedCard;
import dev.switchboard.protocol.AgentCapabilities;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentExtension;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.security.Caller;
import dev.switchboard.skill.InstalledSkills;
import dev.switchboard.skill.Skill;
import dev.switchboard.security.Tier;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.task.InputLimits;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskEvents;
import dev.switchboard.task.TaskQuota;
import dev.switchboard.task.TaskService;
import java.nio.file.Path;
import java.time.Clock;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

/**
 * What a binding needs, real and without a container: a task service over an H2 file store whose
 * agent echoes each message as a completed task with one artifact (or, for a message saying
 * "wait", leaves it working; for "extensions?", completes naming the active extensions), and the
 * extended card of one installed skill.
 */
public final class BindingHarness implements AutoCloseable {
    public static final Caller ANONYMOUS = new Caller(Caller.Kind.ANONYMOUS, "anon:test", Tier.PUBLIC, null);
    public static final Caller OTHER = new Caller(Caller.Kind.ANONYMOUS, "anon:other", Tier.PUBLIC, null);
    public static final Caller KEY_HOLDER = new Caller(Caller.Kind.API_KEY, "key:k1", Tier.AUTHENTICATED, "test");
    public static final String REQUIRED_EXTENSION = "urn:test:required:v1";
    public static final String OPTIONAL_EXTENSION = "urn:test:optional:v1";
    private static final CardExtensions REQUIRING = CardExtensions.of(List.of(
            new AgentExtension(REQUIRED_EXTENSION, null, true, Map.of()),
            new AgentExtension(OPTIONAL_EXTENSION, null, false, Map.of())), InstalledSkills.of(List.of()));

    public final TaskService tasks;
    public final ExtendedCard extendedCard;
    public final StreamRegistry streams = new StreamRegistry(3600);
    private final TaskDatabase db;
    private final AgentExecutor echo;
    private final ExecutorService workers = Executors.newFixedThreadPool(2);
    private final ExecutorService writers = Executors.newFixedThreadPool(2);

    public BindingHarness(Path dir) {
        this.db = StoreTesting.open(dir);
        AgentExecutor echo = (request, updater) -> {
            String text = request.message().parts().get(0).text();
            if ("wait".equals(text)) {
                updater.working("waiting");
                return;
            }
            if ("extensions?".equals(text)) {
                updater.complete("active: " + String.join(" ", request.callContext().activeExtensions()));
                return;
            }
            updater.complete(List.of(new Artifact("a1", "echo", null, List.of(Part.text("echo: " + text)), null,
                    List.of())), "done");
        };
        this.echo = echo;
        this.tasks = new TaskService(StoreTesting.tasks(db, Clock.systemUTC()), new TaskEvents(), echo, workers,
                writers, Clock.systemUTC(), "test");
        AgentSkill skill = new AgentSkill("echo", "Echo", "Says it back", List.of("test"), List.of(), List.of(),
                List.of());
        AgentCard card = new AgentCard("Echo", "Says it back", "1.0.0", List.of(), null, null, null,
                AgentCapabilities.none(), List.of("text/plain"), List.of("text/plain"), List.of(), List.of(),
                List.of());
        InstalledSkills skills = InstalledSkills.of(List.of(new Skill() {
            @Override
            public AgentSkill descriptor() {
                return skill;
            }

            @Override
            public AgentExecutor executor() {
                return echo;
            }
        }));
        this.extendedCard = new ExtendedCard(card, skills, CardExtensions.of(List.of(), skills), true);
    }

    /**
     * What a call naming these extensions (in {@code A2A-Extensions}) comes to for a caller whose
     * card requires {@link #REQUIRED_EXTENSION} and offers {@link #OPTIONAL_EXTENSION}.
     */
    public static CallExtensions naming(Tier tier, String... uris) {
        return CallExtensions.of(List.of(uris), tier, REQUIRING);
    }

    /** A task service on the same store whose starts the quota decides. */
    public TaskService withQuota(TaskQuota quota) {
        return new TaskService(StoreTesting.tasks(db, Clock.systemUTC()), new TaskEvents(), echo, workers, writers,
                Clock.systemUTC(), "test", InputLimits.DEFAULT, PushConfigs.disabled(StoreTesting.tasks(db,
                Clock.systemUTC())), quota);
    }

    @Override
    public void close() throws InterruptedException {
        workers.shutdownNow();
        writers.shutdownNow();
        workers.awaitTermination(5, TimeUnit.SECONDS);
        writers.awaitTermination(5, TimeUnit.SECONDS);
        streams.close();
        db.close();
    }
}
