package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.PushSettings;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.StoredPushConfig;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import java.net.InetSocketAddress;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Deliveries on a real store and a real webhook: the cursor decides what is owed, however old the poll. */
class PushDeliveryCursorTest {
    @TempDir
    Path dir;
    private TaskDatabase db;
    private HttpServer webhook;
    private final AtomicInteger received = new AtomicInteger();

    @BeforeEach
    void start() throws Exception {
        db = StoreTesting.open(dir);
        webhook = HttpServer.create(new InetSocketAddress("127.0.0.1", 0), 0);
        webhook.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            received.incrementAndGet();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterEach
    void stop() {
        webhook.stop(0);
        db.close();
    }

    /** Task t1 with two stored events, config p1 on the local webhook, and a delivery over both stores. */
    private PushDelivery taskWithTwoEventsAndAConfig(TaskStore tasks, PushConfigStore configs, Clock clock) {
        Task task = StoreTesting.task("t1", "c1", TaskState.SUBMITTED, clock.instant());
        tasks.create(task, "anon:a", null, List.of(task, StoreTesting.statusEvent(task)));
        configs.save(new TaskPushNotificationConfig(null, "p1", "t1",
                "http://127.0.0.1:" + webhook.getAddress().getPort() + "/hook", null, null), ProtocolVersion.V1_0, 0);
        PushSettings open = new PushSettings(true, true, true, Set.of(), List.of(dev.switchboard.config.Cidr.parse(
                "127.0.0.0/8")));
        return new PushDelivery(configs, tasks, new WebhookGuard(open), new WebhookPost(),
                DeliverySigner.inDirectory(dir, clock), List.of(new StreamResponseEncoder()), RetrySchedule.DEFAULT,
                clock, 1, Duration.ofSeconds(10));
    }

    /** A config a poll claimed just now starts its turn without renewing the claim: one write less per notification. */
    @Test
    void aConfigClaimedJustNowIsDeliveredWithoutAnotherClaimWrite() {
        Clock clock = Clock.systemUTC();
        TaskStore tasks = StoreTesting.tasks(db, clock);
        AtomicInteger holds = new AtomicInteger();
        PushConfigStore stored = StoreTesting.pushConfigs(db, dir, clock);
        PushConfigStore configs = (PushConfigStore) java.lang.reflect.Proxy.newProxyInstance(
                PushConfigStore.class.getClassLoader(), new Class<?>[] {PushConfigStore.class}, (proxy, method, args) -> {
                    if (method.getName().equals("hold")) {
                        holds.incrementAndGet();
                    }
                    try {
                        return method.invoke(stored, args);
                    } catch (java.lang.reflect.InvocationTargetException e) {
                        throw e.getCause();
                    }
                });
        PushDelivery delivery = taskWithTwoEventsAndAConfig(tasks, configs, clock);
        try {
            StoredPushConfig claimed = configs.claimDue("local", clock.millis(), clock.millis() + 60_000, 10).get(0);
            delivery.deliver(claimed, true);
            assertEquals(2, received.get(), "both events delivered");
            assertEquals(1, holds.get(), "the claim is renewed before the second POST only");
            delivery.deliver(claimed);
            assertEquals(2, received.get(), "nothing is owed any more");
            assertEquals(2, holds.get(), "a turn that was not just claimed reads the config again first");
        } finally {
            delivery.close();
        }
    }

    @Test
    void aConfigReadBeforeAnEarlierDeliveryFinishedIsNotSentTwice() {
        Clock clock = Clock.systemUTC();
        TaskStore tasks = StoreTesting.tasks(db, clock);
        PushConfigStore configs = StoreTesting.pushConfigs(db, dir, clock);
        PushDelivery delivery = taskWithTwoEventsAndAConfig(tasks, configs, clock);
        try {
            // a poll read the config while a sender was still delivering its events
            StoredPushConfig stale = configs.claimDue("local", clock.millis(), clock.millis() + 60_000, 10).get(0);
            delivery.deliver(stale);
            assertEquals(2, received.get(), "both events delivered");
            delivery.deliver(stale);
            assertEquals(2, received.get(), "the stale read owes nothing: the store's cursor says so");
        } finally {
            delivery.close();
        }
    }
}
