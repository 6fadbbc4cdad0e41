package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.sun.net.httpserver.HttpServer;
import dev.switchboard.config.Cidr;
import dev.switchboard.config.PushSettings;
import dev.switchboard.observe.Metrics;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskArtifactUpdateEvent;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.store.StoreTesting;
import dev.switchboard.store.TaskChange;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import dev.switchboard.store.TestPostgres;
import dev.switchboard.protocol.TaskStateMachine;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Clock;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BiFunction;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Server instances sharing one PostgreSQL, each with its own pool, JPA unit and delivery, and one
 * webhook receiver: every event reaches its webhook once per attempt and in order, whichever
 * instance stored it and however the configs pass between instances; an instance that dies in
 * the middle of a turn keeps its configs from the others only until its claim runs out, and they
 * resume where it stopped.
 */
class PushDeliveryScaleOutTest {
    private static final PushSettings LOOPBACK = new PushSettings(true, true, true, Set.of(),
            List.of(Cidr.parse("127.0.0.0/8")));
    private static final Duration TIMEOUT = Duration.ofSeconds(10);
    private static final Pattern EVENT = Pattern.compile("ev-(\\d+)");

    @TempDir
    Path dir;
    private final Clock clock = Clock.systemUTC();
    private String url;
    private DeliverySigner signer;
    private final List<AutoCloseable> closing = new ArrayList<>();
    private HttpServer webhook;
    private ExecutorService webhookThreads;
    /** What the webhook was sent, per task/config, in the order it arrived. */
    private final Map<String, List<Receipt>> received = new ConcurrentHashMap<>();
    private final AtomicInteger total = new AtomicInteger();
    /** The webhook's answer to event n of a task/config. */
    private volatile BiFunction<String, Integer, Integer> answer = (config, n) -> 204;

    private record Receipt(int event, long nanos) {
    }

    private record Instance(TaskStore tasks, InstanceConfigs configs, PushDelivery delivery) {
    }

    @BeforeEach
    void start() throws Exception {
        url = TestPostgres.shared().createDatabase();
        signer = DeliverySigner.inDirectory(dir, clock);
        webhookThreads = Executors.newFixedThreadPool(8);
        webhook = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        webhook.setExecutor(webhookThreads);
        webhook.createContext("/hook/", exchange -> {
            String config = exchange.getRequestURI().getPath().substring("/hook/".length());
            Matcher event = EVENT.matcher(new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
            int n = event.find() ? Integer.parseInt(event.group(1)) : -1;
            received.computeIfAbsent(config, key -> Collections.synchronizedList(new ArrayList<>()))
                    .add(new Receipt(n, System.nanoTime()));
            total.incrementAndGet();
            exchange.sendResponseHeaders(answer.apply(config, n), -1);
            exchange.close();
        });
        webhook.start();
    }

    @AfterEach
    void stop() throws Exception {
        Collections.reverse(closing);
        for (AutoCloseable open : closing) {
            open.close();
        }
        webhook.stop(0);
        webhookThreads.shutdownNow();
    }

    /** An instance on the shared database; not started. */
    private Instance instance(String id, Duration claim) {
        TaskDatabase database = TaskDatabase.open(url, null, null, 4);
        closing.add(database);
        TaskStore tasks = StoreTesting.tasks(database, clock);
        InstanceConfigs configs = new InstanceConfigs(StoreTesting.pushConfigs(database, dir, clock));
        PushDelivery delivery = new PushDelivery(configs, tasks, new WebhookGuard(LOOPBACK), new WebhookPost(),
                signer, List.of(new StreamResponseEncoder()), RetrySchedule.DEFAULT, clock, 2, TIMEOUT,
                Metrics.off(), id, claim);
        closing.add(delivery);
        return new Instance(tasks, configs, delivery);
    }

    /** A working task whose webhooks are owed what is stored after its creation. */
    private void task(Instance at, String taskId, String... configIds) {
        Task task = StoreTesting.task(taskId, "c", TaskState.WORKING, clock.instant());
        at.tasks().create(task, "anon:" + taskId, null, List.of(task));
        for (String configId : configIds) {
            at.configs().save(new TaskPushNotificationConfig(null, configId, taskId, "http://127.0.0.1:"
                    + webhook.getAddress().getPort() + "/hook/" + taskId + "/" + configId, null, null),
                    ProtocolVersion.V1_0, 1);
        }
    }

    /** Stores event n of the task (an artifact reading ev-n) on the instance, which is nudged as after a publish. */
    private static void append(Instance at, String taskId, int n) {
        Artifact chunk = Artifact.of("a" + n, null, List.of(Part.text("ev-" + n)));
        at.tasks().update(taskId, current -> TaskStateMachine.artifact(current, chunk, false)
                .map(next -> new TaskChange.Result(next, List.of(
                        new TaskArtifactUpdateEvent(taskId, "c", chunk, false, true, null)), "r"))).orElseThrow();
        at.delivery().stored(taskId);
    }

    private void awaitTotal(int expected, Duration patience) throws InterruptedException {
        long deadline = System.nanoTime() + patience.toNanos();
        while (total.get() < expected && System.nanoTime() < deadline) {
            Thread.sleep(50);
        }
        assertEquals(expected, total.get(), "webhook calls in all: " + events());
    }

    private Map<String, List<Integer>> events() {
        Map<String, List<Integer>> events = new TreeMap<>();
        received.forEach((config, receipts) -> {
            synchronized (receipts) {
                events.put(config, receipts.stream().map(Receipt::event).toList());
            }
        });
        return events;
    }

    @Test
    void threeInstancesSendEveryEventOncePerAttemptInOrder() throws Exception {
        List<Instance> instances = List.of(instance("a", Duration.ofSeconds(30)),
                instance("b", Duration.ofSeconds(30)), instance("c", Duration.ofSeconds(30)));
        int tasks = 6;
        int perTask = 50;
        for (int t = 0; t < tasks; t++) {
            task(instances.get(t % 3), "t" + t, "p", "q");
        }
        // the first attempt at every tenth event (3, 13, 23 ...) fails: that one event goes twice
        Set<String> failedOnce = ConcurrentHashMap.newKeySet();
        answer = (config, n) -> n % 10 == 3 && failedOnce.add(config + "#" + n) ? 500 : 204;
        instances.forEach(instance -> instance.delivery().start());

        ExecutorService writers = Executors.newFixedThreadPool(tasks);
        try {
            List<Future<?>> writing = new ArrayList<>();
            for (int t = 0; t < tasks; t++) {
                String taskId = "t" + t;
                int first = t;
                writing.add(writers.submit(() -> {
                    for (int n = 1; n <= perTask; n++) {
                        append(instances.get((first + n) % 3), taskId, n); // each instance stores some
                    }
                    return null;
                }));
            }
            for (Future<?> written : writing) {
                written.get(120, TimeUnit.SECONDS);
            }
        } finally {
            writers.shutdownNow();
        }

        int retried = perTask / 10;
        int expected = tasks * 2 * (perTask + retried);
        awaitTotal(expected, Duration.ofSeconds(180));
        Thread.sleep(1500); // three polls of every instance: nothing more comes
        List<Integer> owed = new ArrayList<>();
        for (int n = 1; n <= perTask; n++) {
            owed.add(n);
            if (n % 10 == 3) {
                owed.add(n); // the retry after the failed attempt
            }
        }
        Map<String, List<Integer>> events = events();
        assertEquals(tasks * 2, events.size(), events.keySet().toString());
        events.forEach((config, got) -> assertEquals(owed, got, config + " got each event once per attempt, in order"));
        assertEquals(expected, total.get());
        for (Instance instance : instances) {
            assertTrue(instance.configs().delivered() > 0, "every instance delivered some: " + instances.stream()
                    .map(each -> each.configs().delivered()).toList());
        }
    }

    @Test
    void theConfigsOfAnInstanceThatDiedMidTurnAreTakenOverWhenItsClaimRunsOut() throws Exception {
        Duration claim = Duration.ofSeconds(3);
        Instance dying = instance("dying", claim);
        int events = 30;
        task(dying, "d", "p");
        for (int n = 1; n <= events; n++) {
            append(dying, "d", n);
        }
        CountDownLatch firstSent = new CountDownLatch(1);
        CountDownLatch died = new CountDownLatch(1);
        long[] diedAt = new long[1];
        answer = (config, n) -> {
            firstSent.countDown();
            if (n <= 5) {
                sleep(900); // five answers take longer than the claim lasts: it is renewed meanwhile
            }
            if (n == 5 && died.getCount() > 0) {
                dying.configs().die(); // the webhook has event 5, and no instance will hear that it does
                diedAt[0] = System.nanoTime();
                died.countDown();
            }
            return 204;
        };
        dying.delivery().start();
        assertTrue(firstSent.await(30, TimeUnit.SECONDS), "the first instance started delivering");
        Instance b = instance("b", claim);
        Instance c = instance("c", claim);
        b.delivery().start();
        c.delivery().start();
        assertTrue(died.await(30, TimeUnit.SECONDS), "the first instance died");
        assertEquals(0, b.configs().delivered() + c.configs().delivered(),
                "while the first instance lived, its claim kept the config from the others");

        awaitTotal(events + 1, Duration.ofSeconds(30));
        Thread.sleep(1500);
        List<Integer> owed = new ArrayList<>();
        for (int n = 1; n <= events; n++) {
            owed.add(n);
        }
        owed.add(5, 5); // in flight when its instance died: sent again, as after any crash
        assertEquals(Map.of("d/p", owed), events(), "nothing skipped, nothing else twice, in order");
        List<Receipt> receipts = received.get("d/p");
        long waited = TimeUnit.NANOSECONDS.toMillis(receipts.get(5).nanos() - diedAt[0]);
        assertTrue(waited >= claim.toMillis() - 900 - 200, "taken over " + waited + " ms after the death, "
                + "not before the claim ran out (renewed just before the last send, which took 900 ms)");
        assertEquals(events - 4, b.configs().delivered() + c.configs().delivered(), "the others delivered the rest");
    }

    @Test
    void anInstanceRestartingUnderItsIdTakesBackItsClaimsAtOnceAndNoOtherTakesALiveClaim() throws Exception {
        Instance earlier = instance("solo", Duration.ofHours(1));
        task(earlier, "r", "p");
        append(earlier, "r", 1);
        long now = clock.millis();
        assertEquals(1, earlier.configs().claimDue("solo", now, now + Duration.ofHours(1).toMillis(), 10).size(),
                "the earlier run claimed the config and stopped");

        Instance other = instance("other", Duration.ofSeconds(30));
        other.delivery().start();
        Thread.sleep(1500);
        assertEquals(0, total.get(), "another instance leaves a claim that has not run out alone");

        Instance restarted = instance("solo", Duration.ofSeconds(30));
        long started = System.nanoTime();
        restarted.delivery().start();
        awaitTotal(1, Duration.ofSeconds(20));
        assertTrue(TimeUnit.NANOSECONDS.toSeconds(System.nanoTime() - started) < 10, "delivered at once");
        assertEquals(Map.of("r/p", List.of(1)), events());
    }

    private static void sleep(long millis) {
        try {
            Thread.sleep(millis);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
