package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.request.SendMessageRequest;
import jakarta.json.Json;
import jakarta.json.JsonObject;
import java.io.IOException;
import java.io.StringReader;
import java.net.Authenticator;
import java.net.CookieHandler;
import java.net.ProxySelector;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Executor;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Flow;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import javax.net.ssl.SSLContext;
import javax.net.ssl.SSLParameters;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** The builder's contract: discovery is the only I/O before a call, and what the caller supplies is what is used. */
class BuilderTest {
    private static final String CARD_PATH = "/.well-known/agent-card.json";

    private final FakeAgent agent;

    BuilderTest() throws IOException {
        agent = new FakeAgent();
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    @Test
    void buildSendsNothingAndOneCardBuildsSeveralClients() {
        agent.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD);
        A2AClient.Builder builder = A2AClient.builder();
        PeerCard card = builder.discover(agent.base());
        assertEquals(1, agent.received.size());
        A2AClient rpc = builder.build(card);
        A2AClient rest = builder.prefer(Endpoint.HTTP_JSON_1_0).build(card);
        assertEquals(1, agent.received.size(), "building sends no request");
        assertEquals(Endpoint.JSONRPC_1_0, rpc.endpoint());
        assertEquals(Endpoint.HTTP_JSON_1_0, rest.endpoint());
        assertEquals(agent.base() + "/rest", rest.agentInterface().url());
    }

    @Test
    void aClientForAnUnreachableAgentBuildsAndFailsOnItsFirstCall() {
        String nowhere = "http://127.0.0.1:1";
        JsonObject json = Json.createReader(new StringReader(DiscoveryTest.V1_CARD.replace("$BASE", nowhere))).readObject();
        PeerCard card = CardReader.read(URI.create(nowhere + CARD_PATH), json);
        A2AClient client = A2AClient.builder().build(card);
        assertEquals(nowhere + "/rpc", client.agentInterface().url());
        assertTrue(card.trace().isEmpty(), "a card that was not discovered has no trace");
        A2AClientException e = assertThrows(A2AClientException.class, () -> client.getTask("t1"));
        assertTrue(e.getMessage().startsWith("cannot reach " + nowhere), e.getMessage());
    }

    @Test
    void discoveryReturnsTheCardItReadAndHowItFoundIt() {
        agent.answer("/.well-known/agent.json", 200, DiscoveryTest.V03_CARD);
        PeerCard card = A2AClient.builder().discover(agent.base());
        assertEquals(URI.create(agent.base() + "/.well-known/agent.json"), card.cardUrl());
        assertEquals(Json.createReader(new StringReader(DiscoveryTest.V03_CARD.replace("$BASE", agent.base())))
                .readObject(), card.json());
        assertEquals("Old", card.name());
        assertEquals(List.of(agent.base() + "/legacy", agent.base() + "/legacy-rest"),
                card.interfaces().stream().map(i -> i.url()).toList());
        assertEquals("s1", card.skills().get(0).id());
        assertEquals(List.of("GET " + agent.base() + CARD_PATH + " -> HTTP 404",
                "GET " + agent.base() + "/.well-known/agent.json -> HTTP 200, Agent Card 'Old'"), card.trace());
        assertEquals(2, agent.received.size());
        agent.received.forEach(request -> assertNull(request.header("A2A-Version")));
        assertThrows(IllegalArgumentException.class, () -> A2AClient.builder().discover("ftp://agent.example"));
    }

    @Test
    void aSuppliedHttpClientCarriesEveryRequest() {
        agent.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, DiscoveryTest.TASK);
        Recording http = new Recording(HttpClient.newHttpClient());
        A2AClient.Builder builder = A2AClient.builder().httpClient(http);
        A2AClient client = builder.build(builder.discover(agent.base()));
        assertEquals(TaskState.COMPLETED, client.getTask("t1").status().state());
        assertEquals(List.of(CARD_PATH, "/rpc"), http.sent.stream().map(r -> r.uri().getPath()).toList());
        assertEquals(List.of(CARD_PATH, "/rpc"), agent.received.stream().map(FakeAgent.Received::path).toList());
        assertThrows(IllegalStateException.class,
                () -> A2AClient.builder().httpClient(http).connectTimeout(Duration.ofSeconds(1)).discover(agent.base()));
        assertThrows(IllegalStateException.class,
                () -> A2AClient.builder().httpClient(http).tls(new ClientTls()).build(client.card()));
    }

    @Test
    void theResponseSizeLimitIsTheCallersToSet() {
        String padded = DiscoveryTest.TASK.replace("\"contextId\"", "\"metadata\":{\"p\":\"" + "x".repeat(1500)
                + "\"},\"contextId\"");
        agent.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, padded);
        A2AClient small = A2AClient.builder().maxResponseBytes(2048).connect(agent.base());
        assertEquals(TaskState.COMPLETED, small.getTask("t1").status().state());
        A2AClient smaller = A2AClient.builder().maxResponseBytes(1024).connect(agent.base());
        A2AClientException e = assertThrows(A2AClientException.class, () -> smaller.getTask("t1"));
        assertTrue(e.getMessage().contains("larger than 1024 bytes"), e.getMessage());
        agent.answer("/rpc", 200, "text/event-stream", "data: " + "x".repeat(1500) + "\n\n");
        try (EventStream stream = smaller.stream(A2AClient.userMessage("hi", null))) {
            assertTrue(assertThrows(A2AClientException.class, stream::hasNext).getMessage().contains("1024 bytes"));
        }
        assertThrows(IllegalArgumentException.class, () -> A2AClient.builder().maxResponseBytes(10));
    }

    @Test
    void aSuppliedExecutorReadsThePublisherAndIsNotShutDown() throws Exception {
        agent.answer(CARD_PATH, 200, DiscoveryTest.V1_CARD).answer("/rpc", 200, "text/event-stream", """
                data: {"jsonrpc":"2.0","id":1,"result":{"task":{"id":"t1","contextId":"c","status":{"state":"TASK_STATE_COMPLETED"}}}}

                """);
        ExecutorService pool = Executors.newSingleThreadExecutor();
        try {
            AtomicInteger runs = new AtomicInteger();
            Executor counted = command -> {
                runs.incrementAndGet();
                pool.execute(command);
            };
            A2AClient client = A2AClient.builder().executor(counted).connect(agent.base());
            CompletableFuture<List<StreamEvent>> done = new CompletableFuture<>();
            client.publisher(new SendMessageRequest(null, A2AClient.userMessage("hi", null), null, null))
                    .subscribe(collect(done));
            List<StreamEvent> events = done.get(30, TimeUnit.SECONDS);
            assertEquals("t1", ((Task) events.get(0)).id());
            assertTrue(runs.get() > 0, "the stream was read on the supplied executor");
            assertFalse(pool.isShutdown());
        } finally {
            pool.shutdownNow();
        }
    }

    private static Flow.Subscriber<StreamEvent> collect(CompletableFuture<List<StreamEvent>> done) {
        List<StreamEvent> seen = new ArrayList<>();
        return new Flow.Subscriber<>() {
            @Override
            public void onSubscribe(Flow.Subscription subscription) {
                subscription.request(Long.MAX_VALUE);
            }

            @Override
            public void onNext(StreamEvent item) {
                seen.add(item);
            }

            @Override
            public void onError(Throwable error) {
                done.completeExceptionally(error);
            }

            @Override
            public void onComplete() {
                done.complete(seen);
            }
        };
    }

    /** The caller's own HTTP client, which records what it is asked to send. */
    private static final class Recording extends HttpClient {
        final List<HttpRequest> sent = new CopyOnWriteArrayList<>();
        private final HttpClient delegate;

        Recording(HttpClient delegate) {
            this.delegate = delegate;
        }

        @Override
        public <T> HttpResponse<T> send(HttpRequest request, HttpResponse.BodyHandler<T> handler)
                throws IOException, InterruptedException {
            sent.add(request);
            return delegate.send(request, handler);
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler) {
            sent.add(request);
            return delegate.sendAsync(request, handler);
        }

        @Override
        public <T> CompletableFuture<HttpResponse<T>> sendAsync(HttpRequest request, HttpResponse.BodyHandler<T> handler,
                                                                HttpResponse.PushPromiseHandler<T> push) {
            sent.add(request);
            return delegate.sendAsync(request, handler, push);
        }

        @Override
        public Optional<CookieHandler> cookieHandler() {
            return delegate.cookieHandler();
        }

        @Override
        public Optional<Duration> connectTimeout() {
            return delegate.connectTimeout();
        }

        @Override
        public Redirect followRedirects() {
            return delegate.followRedirects();
        }

        @Override
        public Optional<ProxySelector> proxy() {
            return delegate.proxy();
        }

        @Override
        public SSLContext sslContext() {
            return delegate.sslContext();
        }

        @Override
        public SSLParameters sslParameters() {
            return delegate.sslParameters();
        }

        @Override
        public Optional<Authenticator> authenticator() {
            return delegate.authenticator();
        }

        @Override
        public Version version() {
            return delegate.version();
        }

        @Override
        public Optional<Executor> executor() {
            return delegate.executor();
        }
    }
}
