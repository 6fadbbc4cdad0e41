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
import java.time.Clock;
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
 * A2AClient.Builder builder = A2AClient.builder()
 *         .credentials(Credentials.builder().bearerToken(token).build());
 * PeerCard card = builder.discover("https://agent.example.com");   // fetches the card: network I/O
 * A2AClient agent = builder.build(card);                            // picks an interface: no I/O
 * SendMessageResult answer = agent.send("What can you do?");
 * }</pre>
 * {@link Builder#connect} does both steps in one call.
 *
 * <p>Contracts, for every operation:
 * <ul>
 *   <li>Every request carries {@code A2A-Version} (the chosen interface's line) and the credentials
 *       the card's security schemes call for, and credentials go only to the origin the card was
 *       discovered at or one the caller allowed ({@link Credentials} says how). The client logs
 *       nothing; secrets never appear in {@code toString()}, exception messages or the discovery
 *       trace.</li>
 *   <li>An A2A error from the agent is thrown as {@link A2ARemoteException} (JSON-RPC code and
 *       ErrorInfo reason, whichever binding); anything else that keeps an answer from arriving
 *       (unreachable host, timeout, a non-A2A answer) as {@link A2AClientException}. Never a raw
 *       HTTP status without an exception around it.</li>
 *   <li>Each call waits at most the builder's {@link Builder#timeout timeout} for the answer (for
 *       streams: for the first byte). Interrupting the calling thread cancels the call; closing an
 *       {@link EventStream} cancels a stream from any thread.</li>
 *   <li>No answer body, and no event of a stream, is read beyond {@link Builder#maxResponseBytes}:
 *       a larger one is an {@link A2AClientException}.</li>
 * </ul>
 * Instances are immutable and thread-safe, and own nothing that needs closing; {@link EventStream}s
 * are not shared between threads.
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

    /** A builder with the defaults: anonymous, the JDK's trust, 60 s timeout, the default binding order. */
    public static Builder builder() {
        return new Builder();
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

    /** How the card was found ({@link PeerCard#trace}) and the interface chosen, one line per step. */
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

    /**
     * Configures the HTTP client, credentials, timeouts and interface choice. Only {@link #discover}
     * and {@link #connect} touch the network; {@link #build} does no I/O. Not thread-safe; one
     * builder may build any number of clients.
     */
    public static final class Builder {
        private static final int DEFAULT_MAX_RESPONSE_BYTES = 8 * 1024 * 1024;

        private Credentials credentials = Credentials.none();
        private CardTrust cardTrust = CardTrust.verifyIfPresent();
        private ClientTls tls;
        private Duration connectTimeout;
        private Duration timeout = Duration.ofSeconds(60);
        private final List<Endpoint> preference = new ArrayList<>();
        private int maxReconnects = 3;
        private int maxResponseBytes = DEFAULT_MAX_RESPONSE_BYTES;
        private Executor executor = ForkJoinPool.commonPool();
        private HttpClient supplied;
        // made once and shared by discover and build, so the card's connection is reused
        private HttpClient own;

        private Builder() {
        }

        public Builder credentials(Credentials value) {
            this.credentials = Objects.requireNonNull(value, "credentials");
            return this;
        }

        /**
         * Which card signatures {@link #discover} trusts and requires. Default
         * {@link CardTrust#verifyIfPresent()}: a signed card must verify with keys from its own
         * origin.
         */
        public Builder cardTrust(CardTrust value) {
            this.cardTrust = Objects.requireNonNull(value, "cardTrust");
            return this;
        }

        /**
         * The HTTP client every request goes through, instead of one the builder makes. The caller
         * keeps it: the client never closes it or changes its settings, so its own proxy, TLS and
         * connect timeout apply, and {@link #tls} and {@link #connectTimeout} may not be set beside
         * it ({@link #discover} and {@link #build} throw {@link IllegalStateException});
         * {@link ClientTls#sslContext()} gives such a client the same TLS. With credentials it must
         * follow no redirects itself ({@code Redirect.NEVER}, the JDK's default), since the client
         * decides where credentials may follow one. Each request still waits at most {@link #timeout}.
         */
        public Builder httpClient(HttpClient value) {
            this.supplied = Objects.requireNonNull(value, "httpClient");
            return this;
        }

        /** Client certificate (mutual TLS) and extra trusted CAs, for the HTTP client the builder makes. */
        public Builder tls(ClientTls value) {
            this.tls = value;
            this.own = null;
            return this;
        }

        /** How long connecting may take, for the HTTP client the builder makes. Default 10 s. */
        public Builder connectTimeout(Duration value) {
            this.connectTimeout = Objects.requireNonNull(value, "connectTimeout");
            this.own = null;
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

        /**
         * The most bytes the client reads of one answer body, and of one line or event of a stream;
         * more is refused with an {@link A2AClientException} instead of filling the heap. Default
         * 8 MiB.
         *
         * @throws IllegalArgumentException outside 1 KiB to 1 GiB
         */
        public Builder maxResponseBytes(int value) {
            if (value < 1024 || value > 1 << 30) {
                throw new IllegalArgumentException("maxResponseBytes must be between 1 KiB and 1 GiB");
            }
            this.maxResponseBytes = value;
            return this;
        }

        /**
         * Where {@link A2AClient#publisher} reads streams. Default the common pool. The caller keeps
         * it: the client never shuts it down.
         */
        public Builder executor(Executor value) {
            this.executor = Objects.requireNonNull(value, "executor");
            return this;
        }

        /**
         * Fetches the agent's card: the URL itself when it names a {@code .json} document, else the
         * well-known card paths below the URL's path and then at its origin. The request carries the
         * credentials' extra headers only, since no security scheme is known before the card, and
         * follows a redirect to another origin only when it carries none; each request waits at
         * most {@link #timeout}. The card's URL is the origin its clients' credentials are bound to.
         *
         * @param url the agent's origin (or base URL), or the URL of its card document
         * The card's signatures are checked as {@link #cardTrust} says.
         *
         * @return the card as read, with the requests that found it in {@link PeerCard#trace} and
         *         its signature check in {@link PeerCard#signature}
         * @throws IllegalArgumentException when the URL is not {@code http(s)://host...}
         * @throws A2AClientException       when the host cannot be reached, answers no card, or its
         *                                  card's signatures are refused
         */
        public PeerCard discover(String url) {
            URI uri = URI.create(Objects.requireNonNull(url, "url"));
            if (uri.getScheme() == null || !uri.getScheme().matches("https?") || uri.getHost() == null) {
                throw new IllegalArgumentException("an agent URL must be http(s)://host...: " + url);
            }
            HttpCaller caller = new HttpCaller(http(), credentials, credentials.scope(uri), List.of(), null, timeout,
                    maxResponseBytes);
            return CardSignatureCheck.apply(Discovery.discover(caller, uri), cardTrust, caller, Clock.systemUTC());
        }

        /**
         * Picks the first interface of the card in the preference order and builds a client for it.
         * Does no I/O: an unreachable agent shows on the first call. The credentials are bound to
         * the origin of the card's URL.
         *
         * @param card from {@link #discover}, or from {@link A2AClient#extendedCard}
         * @throws A2AClientException when the card offers no interface this client speaks, or would
         *                            take the credentials to another origin (its interface or its
         *                            OAuth token URL) that was not allowed
         */
        public A2AClient build(PeerCard card) {
            InterfaceChoice.Chosen chosen = InterfaceChoice.require(Objects.requireNonNull(card, "card"), preference);
            CredentialScope scope = credentials.scope(card.cardUrl());
            URI target = URI.create(chosen.agentInterface().url());
            if (credentials.attachesAnything() && !scope.permits(target)) {
                throw scope.refusal(target, "the interface the card names");
            }
            credentials.tokenUrl(card.schemes(), scope);
            HttpCaller caller = new HttpCaller(http(), credentials, scope, card.schemes(), chosen.endpoint().version(),
                    timeout, maxResponseBytes);
            return new A2AClient(card, chosen, InterfaceChoice.trace(card, chosen),
                    Transport.open(chosen, caller, maxReconnects), executor);
        }

        /** {@link #discover} and then {@link #build}: the one call for a URL, with the errors of both. */
        public A2AClient connect(String url) {
            return build(discover(url));
        }

        private HttpClient http() {
            if (supplied != null) {
                if (tls != null || connectTimeout != null) {
                    throw new IllegalStateException("tls and connectTimeout configure the builder's own HTTP client;"
                            + " set them on the supplied one instead");
                }
                if (supplied.followRedirects() != HttpClient.Redirect.NEVER && credentials.attachesAnything()) {
                    throw new IllegalStateException("with credentials, a supplied HttpClient must follow no redirects"
                            + " (Redirect.NEVER): the client follows them itself, and only where credentials may go");
                }
                return supplied;
            }
            if (own == null) {
                own = HttpCaller.newClient(tls, connectTimeout == null ? Duration.ofSeconds(10) : connectTimeout);
            }
            return own;
        }
    }
}
