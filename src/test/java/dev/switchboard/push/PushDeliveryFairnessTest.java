package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.List;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Deliveries on a real store to real sockets: webhooks that accept connections and never answer
 * take their deadline each, yet a healthy webhook gets its notifications well within one deadline;
 * a host that resolves to an internal address is cut off with a reason that names no address.
 */
class PushDeliveryFairnessTest {
    private static final Duration DEADLINE = Duration.ofSeconds(3);
    private static final PushSettings LOOPBACK = new PushSettings(true, true, true, Set.of(),
            List.of(Cidr.parse("127.0.0.0/8")));

    @TempDir
    Path dir;
    private TaskDatabase db;
    private TaskStore tasks;
    private PushConfigStore configs;
    private final Clock clock = Clock.systemUTC();
    private ServerSocket blackHole;
    private final List<Socket> swallowed = new CopyOnWriteArrayList<>();
    private HttpServer healthy;
    private final CountDownLatch healthyGotAll = new CountDownLatch(2);

    @BeforeEach
    void start() throws Exception {
        db = StoreTesting.open(dir);
        tasks = StoreTesting.tasks(db, clock);
        configs = StoreTesting.pushConfigs(db, dir, clock);
        blackHole = new ServerSocket(0, 64, InetAddress.getLoopbackAddress());
        Thread acceptor = new Thread(() -> {
            try {
                while (true) {
                    swallowed.add(blackHole.accept()); // held open, never read, never answered
                }
            } catch (IOException closed) {
                // the test is over
            }
        });
        acceptor.setDaemon(true);
        acceptor.start();
        healthy = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        healthy.createContext("/hook", exchange -> {
            exchange.getRequestBody().readAllBytes();
            exchange.sendResponseHeaders(204, -1);
            exchange.close();
            healthyGotAll.countDown();
        });
        healthy.start();
    }

    @AfterEach
    void stop() throws IOException {
        healthy.stop(0);
        blackHole.close();
        for (Socket socket : swallowed) {
            socket.close();
        }
        db.close();
    }

    /** A task with two events and a config owed both, pointing at the URL. */
    private void taskWithWebhook(String taskId, String url) {
        Task task = StoreTesting.task(taskId, "c", TaskState.WORKING, clock.instant());
        tasks.create(task, "anon:" + taskId, null, List.of(task, StoreTesting.statusEvent(task)));
        configs.save(new TaskPushNotificationConfig(null, "p", taskId, url, "secret-token", null),
                ProtocolVersion.V1_0, 0);
    }

    private PushDelivery delivery(WebhookGuard guard, int threads) {
        return new PushDelivery(configs, tasks, guard, new WebhookPost(), DeliverySigner.inDirectory(dir, clock),
                List.of(new StreamResponseEncoder()), RetrySchedule.DEFAULT, clock, threads, DEADLINE);
    }

    @Test
    void blackHoledWebhooksDoNotDelayAHealthyOne() throws Exception {
        // earlier in the order than the healthy config, and more of them than there are senders
        for (int i = 1; i <= 6; i++) {
            taskWithWebhook("a" + i, "http://127.0.0.1:" + blackHole.getLocalPort() + "/hook");
        }
        taskWithWebhook("z", "http://127.0.0.1:" + healthy.getAddress().getPort() + "/hook");
        try (PushDelivery delivery = delivery(new WebhookGuard(LOOPBACK), 2)) {
            long start = System.nanoTime();
            delivery.start();
            assertTrue(healthyGotAll.await(DEADLINE.toMillis() * 4, TimeUnit.MILLISECONDS),
                    "the healthy webhook got its notifications");
            long took = TimeUnit.NANOSECONDS.toMillis(System.nanoTime() - start);
            assertTrue(took < DEADLINE.toMillis() / 2, "the healthy webhook waited " + took + " ms");
            // the black holes' senders run beside the healthy one's, and may connect after it is done
            long until = System.nanoTime() + DEADLINE.toNanos();
            while (swallowed.isEmpty() && System.nanoTime() < until) {
                Thread.sleep(10);
            }
            assertFalse(swallowed.isEmpty(), "the black hole was called too");
        }
    }

    @Test
    void aHostResolvingInternallyIsCutOffWithoutNamingTheAddress() {
        WebhookGuard guard = new WebhookGuard(PushSettings.DEFAULT, host -> new InetAddress[] {
                InetAddress.getByAddress(host, new byte[] {10, 0, 0, 7})});
        taskWithWebhook("t1", "https://hooks.internal.example/hook");
        try (PushDelivery delivery = delivery(guard, 1)) {
            delivery.deliver(configs.find("t1", "p").orElseThrow());
        }
        String reason = configs.find("t1", "p").orElseThrow().cutOff();
        assertNotNull(reason, "cut off at once: a refusal is not retried");
        assertTrue(reason.contains("private address"), reason);
        assertFalse(reason.contains("10.0.0.7"), reason);
        assertEquals(1, configs.find("t1", "p").orElseThrow().failures());
    }
}
