package dev.switchboard.web;

import dev.switchboard.config.RetentionSettings;
import dev.switchboard.config.Settings;
import dev.switchboard.runtime.Attempts;
import dev.switchboard.store.JpaTaskStore;
import dev.switchboard.store.RetentionPolicy;
import dev.switchboard.store.SharedKeys;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.task.RestartReconciliation;
import java.time.Clock;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.Executor;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Supplier;
import java.util.logging.Level;
import java.util.logging.Logger;
import javax.sql.DataSource;

/**
 * The task store across a start and a stop: opened in the background as the start begins, and
 * closed before the stop returns, so that no deployment, stopped or failed, keeps holding its file.
 */
final class TaskStoreStart {
    private static final Logger LOG = Logger.getLogger(TaskStoreStart.class.getName());

    private TaskStoreStart() {
    }

    /**
     * Opens the store on {@code opener}: the pool and the schema first, then the agreement on
     * shared keys (PostgreSQL), then restart reconciliation, which precedes every call to it, then
     * retention.
     */
    static CompletableFuture<TaskDatabase> open(Settings settings, Clock clock, Map<String, SharedKeys.Key> sharedKeys,
                                                Executor opener) {
        DataSource container = settings.dataSource() == null ? null : TaskDatabase.find(settings.dataSource());
        Supplier<TaskDatabase> open = container != null ? () -> TaskDatabase.over(container, settings.dataSource())
                : () -> TaskDatabase.open(settings.jdbcUrl(), settings.jdbcUser(), settings.jdbcPassword(),
                        TaskDatabase.poolSize(settings.jdbcUrl(), settings.agentThreads()));
        RetentionSettings retention = settings.retention();
        RetentionPolicy policy = new RetentionPolicy(retention.terminalAge(), retention.interruptedAge(),
                retention.maxTasks());
        // a failure that may pass by itself (a database still starting, Payara's jar race) is
        // tried again, for about 15 s in all, before the store counts as failed
        Attempts opening = new Attempts("Opening the task store", 5, Duration.ofSeconds(1),
                pause -> Thread.sleep(pause.toMillis()));
        return CompletableFuture.supplyAsync(() -> opening.get(open), opener)
                // an instance that could not read its peers' sealed secrets or signatures must not take work
                .thenApply(db -> db.preparedBy(opened -> {
                    if (opened.vendor().equals("postgresql")) {
                        SharedKeys.agree(opened.dataSource(), sharedKeys, settings.instanceId(), clock);
                    }
                }))
                .thenApply(db -> db.preparedBy(opened -> RestartReconciliation.failUnfinished(
                        new JpaTaskStore(opened.entityManagerFactory(), clock), settings.instanceId(), clock)))
                .thenApply(db -> db.retaining(policy, clock))
                .whenComplete((db, failure) -> {
                    if (failure != null) {
                        LOG.log(Level.SEVERE, "The task store could not be opened; task calls fail until a restart",
                                failure);
                    }
                });
    }

    /**
     * Closes the store before returning, waiting up to {@code patience} for one still opening:
     * the next deployment of the same data directory cannot open the file while this one holds it.
     * One that opens later is closed as it opens.
     */
    static void close(CompletableFuture<TaskDatabase> database, Duration patience) {
        try {
            database.get(patience.toSeconds(), TimeUnit.SECONDS).close();
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
}
