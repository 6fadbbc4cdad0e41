package dev.switchboard.client;

import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.request.CancelTaskRequest;
import dev.switchboard.protocol.request.GetTaskRequest;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.protocol.request.SendMessageConfiguration;
import dev.switchboard.protocol.request.SendMessageRequest;
import dev.switchboard.protocol.request.SubscribeToTaskRequest;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.http.HttpClient;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.UUID;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.ForkJoinPool;

/**
 * A client of one remote A2A agent, over JSON-RPC 1.0, HTTP+JSON 1.0 or JSON-RPC 0.3.
 *
 * <pre>{@code
 * A2AClient agent = A2AClient.builder("https://agent.example.com")
 *         .credentials(Credentials.builder().bearerToken(token).build())
 *         .build();                                  // discovers the card, picks an interface
 * SendMessageResult answer = agent.send("What can you do?");
 * }</pre>
 *
 * <p>Contracts, for every operation:
 * <ul>
 *   <li>Every request carries {@code A2A-Version} (the chosen interface's line) and the credentials
 *       the card's security schemes call for; secrets are never logged or put in messages.</li>
 *   <li>An A2A error from the agent is thrown as {@link A2ARemoteException} (JSON-RPC code and
 *       ErrorInfo reason, whichever binding); anything else that keeps an answer from arriving
 *       (unreachable host, timeout, a non-A2A answer) as {@link A2AClientException}. Never a raw
 *       HTTP status without an exception around it.</li>
 *   <li>Each call waits at most the builder's {@link Builder#timeout timeout} for the answer (for
 *       streams: for the first byte). Interrupting the calling thread cancels the call; closing an
 *       {@link EventStream} cancels a stream from any thread.</li>
 * </ul>
 * Instances are immutable and thread-safe; {@link EventStream}s are not shared between threads.
 */
public final class A2AClient {
    private final PeerCard card;
    private final Endpoint endpoint;
    private final AgentInterface agentInterface;
    private final List<String> trace;
    private final Transport transport;
    private final Executor executor;

    private A2AClient(PeerCard card, InterfaceChoice.Chosen chosen, List<String> trace, Transport transport,
                      Executor executor) {
        this.card = card;
        this.endpoint = chosen.endpoint();
        this.agentInterface = chosen.agentInterface();
        this.trace = List.copyOf(trace);
        this.transport = transport;
        this.executor = executor;
    }

    /** @param url the agent's origin (or base URL), or the URL of its card document */
    public static Builder builder(String url) {
        return new Builder(URI.create(Objects.requireNonNull(url, "url")));
    }

    /** The card the client was built from. */
    public PeerCard card() {
        return card;
    }

    /** The binding and line in use. */
    public Endpoint endpoint() {
        return endpoint;
    }

    /** The card's interface in use: its URL may differ from the discovery origin. */
    public AgentInterface agentInterface() {
        return agentInterface;
    }

    /** How the card was found and the interface chosen, one line per step. */
    public List<String> discoveryTrace() {
        return trace;
    }

    /** A new user message with a random id, in the given context (null to let the agent choose). */
    public static Message userMessage(String text, String contextId) {
        return new Message(UUID.randomUUID().toString(), contextId, null, Role.USER, List.of(Part.text(text)), null,
                List.of(), List.of());
    }

    /** Sends a text message and waits until the task finishes or needs input. */
    public SendMessageResult send(String text) {
        return send(userMessage(text, null), false);
    }

    /**
     * @param returnImmediately answer as soon as the task exists instead of waiting for it to
     *                          finish or need input (0.3: {@code blocking: false})
     */
    public SendMessageResult send(Message message, boolean returnImmediately) {
        return send(new SendMessageRequest(null, message,
                new SendMessageConfiguration(List.of(), null, null, returnImmediately), null));
    }

    public SendMessageResult send(SendMessageRequest request) {
        return transport.send(withTenant(request));
    }

    /** Sends a message and streams the task's events; close the stream to stop early. */
    public EventStream stream(Message message) {
        return stream(new SendMessageRequest(null, message, null, null));
    }

    public EventStream stream(SendMessageRequest request) {
        return transport.stream(withTenant(request));
    }

    /**
     * The same stream as a {@link Flow.Publisher} for one subscriber, read on the builder's executor;
     * demand is honoured (reading pauses while the subscriber's buffer is full) and cancelling the
     * subscription closes the connection.
     */
    public Flow.Publisher<StreamEvent> publisher(SendMessageRequest request) {
        return new StreamPublisher(() -> stream(request), executor);
    }

    public Task getTask(String taskId) {
        return getTask(taskId, null);
    }

    /** @param historyLength null for the agent's default */
    public Task getTask(String taskId, Integer historyLength) {
        return transport.get(new GetTaskRequest(agentInterface.tenant(), taskId, historyLength));
    }

    /** The first page of the caller's tasks (1.0 only: 0.3 has no ListTasks). */
    public ListTasksResponse listTasks() {
        return listTasks(new ListTasksRequest(null, null, null, null, null, null, null, false));
    }

    public ListTasksResponse listTasks(ListTasksRequest request) {
        ListTasksRequest withTenant = request.tenant() != null || agentInterface.tenant() == null ? request
                : new ListTasksRequest(agentInterface.tenant(), request.contextId(), request.status(),
                request.statusTimestampAfter(), request.pageSize(), request.pageToken(), request.historyLength(),
                request.includeArtifacts());
        return transport.list(withTenant);
    }

    public Task cancelTask(String taskId) {
        return transport.cancel(new CancelTaskRequest(agentInterface.tenant(), taskId, null));
    }

    /** Streams a task's events from now on. */
    public EventStream subscribe(String taskId) {
        return subscribe(taskId, null);
    }

    /** Streams a task's events after the one with the given id ({@code Last-Event-ID}). */
    public EventStream subscribe(String taskId, String lastEventId) {
        return transport.subscribe(new SubscribeToTaskRequest(agentInterface.tenant(), taskId), lastEventId);
    }

    /** The card an authenticated caller sees (GetExtendedAgentCard). */
    public PeerCard extendedCard() {
        JsonObject json = transport.extendedCard();
        return CardReader.read(URI.create(agentInterface.url()), json);
    }

    private SendMessageRequest withTenant(SendMessageRequest request) {
        return request.tenant() != null || agentInterface.tenant() == null ? request
                : new SendMessageRequest(agentInterface.tenant(), request.message(), request.configuration(),
                request.metadata());
    }

    /** Configures discovery, interface choice, credentials, TLS and timeouts. */
    public static final class Builder {
        private final URI url;
        private Credentials credentials = Credentials.none();
        private ClientTls tls;
        private Duration connectTimeout = Duration.ofSeconds(10);
        private Duration timeout = Duration.ofSeconds(60);
        private final List<Endpoint> preference = new ArrayList<>();
        private int maxReconnects = 3;
        private Executor executor = ForkJoinPool.commonPool();

        private Builder(URI url) {
            if (url.getScheme() == null || !url.getScheme().matches("https?") || url.getHost() == null) {
                throw new IllegalArgumentException("an agent URL must be http(s)://host...: " + url);
            }
            this.url = url;
        }

        public Builder credentials(Credentials value) {
            this.credentials = Objects.requireNonNull(value, "credentials");
            return this;
        }

        /** Client certificate (mutual TLS) and extra trusted CAs. */
        public Builder tls(ClientTls value) {
            this.tls = value;
            return this;
        }

        public Builder connectTimeout(Duration value) {
            this.connectTimeout = Objects.requireNonNull(value, "connectTimeout");
            return this;
        }

        /** How long each call waits for its answer (a stream: for its first byte). Default 60 s. */
        public Builder timeout(Duration value) {
            this.timeout = Objects.requireNonNull(value, "timeout");
            return this;
        }

        /** Only these endpoints, best first, instead of the default order. */
        public Builder prefer(Endpoint... endpoints) {
            preference.clear();
            preference.addAll(List.of(endpoints));
            return this;
        }

        /** How often a broken stream is resumed with {@code Last-Event-ID}. Default 3; 0 never. */
        public Builder maxReconnects(int value) {
            this.maxReconnects = value;
            return this;
        }

        /** Where {@link #publisher} reads streams. Default the common pool. */
        public Builder executor(Executor value) {
            this.executor = Objects.requireNonNull(value, "executor");
            return this;
        }

        /**
         * Fetches the card, picks an interface and builds the client.
         *
         * @throws A2AClientException when no card is found or it offers no interface this client speaks
         */
        public A2AClient build() {
            HttpClient.Builder http = HttpClient.newBuilder().connectTimeout(connectTimeout)
                    .followRedirects(HttpClient.Redirect.NORMAL);
            if (tls != null) {
                try {
                    http.sslContext(tls.sslContext());
                } catch (java.io.IOException | java.security.GeneralSecurityException e) {
                    throw new A2AClientException("cannot set up TLS: " + e.getMessage(), e);
                }
            }
            HttpClient client = http.build();
            HttpCaller discovery = new HttpCaller(client, credentials, List.of(), timeout, null);
            Discovery.Result found = Discovery.discover(discovery, url);
            PeerCard card = found.card();
            List<String> trace = new ArrayList<>(found.trace());
            card.interfaces().forEach(i -> trace.add("interface " + i.protocolBinding() + " "
                    + i.protocolVersion().label() + " at " + i.url() + (i.tenant() == null ? "" : " tenant " + i.tenant())));
            InterfaceChoice.Chosen chosen = InterfaceChoice.choose(card.interfaces(), preference)
                    .orElseThrow(() -> new A2AClientException("the card at " + card.cardUrl()
                            + " offers no interface this client speaks (" + (preference.isEmpty()
                            ? InterfaceChoice.DEFAULT_ORDER : preference) + ")"));
            trace.add("chosen: " + chosen.endpoint() + " at " + chosen.agentInterface().url());
            HttpCaller caller = discovery.with(card.schemes(), chosen.endpoint().version());
            URI target = URI.create(chosen.agentInterface().url());
            Transport transport = switch (chosen.endpoint()) {
                case JSONRPC_1_0 -> new JsonRpcTransport(caller, target, V1Wire.INSTANCE, maxReconnects);
                case HTTP_JSON_1_0 -> new RestTransport(caller, target, chosen.agentInterface().tenant(), maxReconnects);
                case JSONRPC_0_3 -> new JsonRpcTransport(caller, target, V03Wire.INSTANCE, maxReconnects);
            };
            return new A2AClient(card, chosen, trace, transport, executor);
        }
    }
}
