package dev.switchboard.cli;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.client.A2AClient;
import dev.switchboard.client.A2ARemoteException;
import dev.switchboard.client.CardScheme;
import dev.switchboard.client.PeerCard;
import dev.switchboard.client.oauth.OAuthSession;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.Task;
import jakarta.json.JsonArrayBuilder;
import java.net.URI;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

/**
 * {@code connect}: discovers an agent, saves it as a peer, and optionally shows the discovery trace
 * ({@code --inspect}) or runs client-side fitness checks ({@code --conformance}).
 */
@Command(name = "connect", mixinStandardHelpOptions = true,
        description = "Discover an agent, save it as a peer; --inspect shows how, --conformance checks it,"
                + " --login signs you in at its authorization server.")
final class ConnectCommand extends TaskCommands.AgentCommand {
    @Option(names = "--inspect", description = "Print the discovery trace, interfaces, binding and security.")
    boolean inspect;

    @Option(names = "--conformance", description = "Run client-side checks; exit 4 if one fails.")
    boolean conformance;

    @Option(names = "--no-send", description = "With --conformance: check the card only, send nothing.")
    boolean noSend;

    @Option(names = "--no-save", description = "Do not save the agent as a peer.")
    boolean noSave;

    @picocli.CommandLine.Mixin
    LoginOptions login;

    /** One check's outcome. */
    record Check(String status, String name, String detail) {
    }

    ConnectCommand(Main.Surroundings surroundings) {
        super(surroundings);
    }

    @Override
    public Integer call() throws Exception {
        A2AClient agentClient = login.login
                ? client.connect(agent, surroundings, err(), c -> login.login(c, client, surroundings, err()))
                : connect();
        PeerCard card = agentClient.card();
        OAuthSession session = client.session();
        if (login.login) {
            err().println("signed in at " + session.issuer() + " as client " + session.clientId()
                    + "; the tokens are kept in " + client.tokenStore(surroundings).directory());
        }
        if (!noSave) {
            client.registry(surroundings).save(Peer.of(card.cardUrl().toString(), card, Instant.now()));
        }
        List<Check> checks = conformance ? checks(agentClient) : List.of();
        if (client.json()) {
            JsonArrayBuilder trace = JsonFactory.createArrayBuilder(agentClient.discoveryTrace());
            JsonArrayBuilder results = JsonFactory.createArrayBuilder();
            checks.forEach(c -> results.add(JsonFactory.createObjectBuilder().add("status", c.status())
                    .add("check", c.name()).add("detail", c.detail())));
            out().println(JsonFactory.createObjectBuilder().add("name", card.name())
                    .add("cardUrl", card.cardUrl().toString())
                    .add("binding", agentClient.endpoint().binding())
                    .add("protocolVersion", agentClient.endpoint().version().label())
                    .add("url", agentClient.agentInterface().url())
                    .add("sends", client.credentials(surroundings, err()).describe(card.schemes()))
                    .add("oauthIssuer", session == null ? "" : session.issuer())
                    .add("trace", trace).add("checks", results).build());
        } else {
            out().println("connected to '" + card.name() + "' over " + agentClient.endpoint() + " at "
                    + agentClient.agentInterface().url());
            if (inspect) {
                agentClient.discoveryTrace().forEach(line -> out().println("  " + line));
                out().println("  security schemes: " + (card.schemes().isEmpty() ? "none"
                        : String.join("; ", card.schemes().stream().map(CardScheme::describe).toList())));
                out().println("  will send: " + client.credentials(surroundings, err()).describe(card.schemes()));
                out().println("  OAuth login: " + loginLine(card, session));
                out().println("  skills: " + String.join(", ", card.skills().stream().map(s -> s.id()).toList()));
            }
            checks.forEach(c -> out().println(c.status() + " " + c.name() + (c.detail().isEmpty() ? "" : ": " + c.detail())));
        }
        boolean failed = checks.stream().anyMatch(c -> c.status().equals("FAIL"));
        return failed ? Main.CHECK_FAILED : Main.OK;
    }

    /** What inspect says of the user's login for this agent: the stored one, or how to make one. */
    private String loginLine(PeerCard card, OAuthSession session) {
        if (session != null) {
            return session.issuer() + ", client " + session.clientId() + ", access token valid until "
                    + session.expiresAt().map(Object::toString).orElse("(not said)")
                    + (session.refreshable() ? ", refreshed with the kept refresh token" : ", no refresh token");
        }
        boolean declared = card.schemes().stream().anyMatch(s -> s.type() == CardScheme.Type.OPENID_CONNECT
                || s.type() == CardScheme.Type.OAUTH2 && (s.metadataUrl() != null
                || s.flows().contains("authorizationCode") || s.flows().contains("deviceCode")));
        return declared && client.credentials(surroundings, err()).isEmpty()
                ? "none stored for this agent; sign in with: switchboard connect " + agent + " --login"
                : "none";
    }

    private List<Check> checks(A2AClient agentClient) {
        PeerCard card = agentClient.card();
        List<Check> checks = new ArrayList<>();
        checks.add(field(card.json().containsKey("description"), "card.description", "required"));
        checks.add(field(card.version() != null, "card.version", "required"));
        checks.add(field(card.json().containsKey("capabilities"), "card.capabilities", "required"));
        checks.add(field(card.json().containsKey("defaultInputModes") && card.json().containsKey("defaultOutputModes"),
                "card.defaultInputModes/defaultOutputModes", "required"));
        checks.add(field(!card.skills().isEmpty(), "card.skills", "at least one skill"));
        if (agentClient.endpoint().version() == ProtocolVersion.V1_0) {
            checks.add(field(card.json().containsKey("supportedInterfaces"), "card.supportedInterfaces",
                    "a 1.0 card lists its interfaces"));
        } else {
            checks.add(field(card.json().containsKey("url") && card.json().containsKey("protocolVersion"),
                    "card.url/protocolVersion", "a 0.3 card names its main endpoint and version"));
        }
        String interfaceUrl = agentClient.agentInterface().url();
        URI url = URI.create(interfaceUrl);
        boolean loopback = "localhost".equals(url.getHost()) || url.getHost().startsWith("127.");
        checks.add(new Check("https".equals(url.getScheme()) ? "PASS" : loopback ? "WARN" : "FAIL",
                "interface uses https", interfaceUrl));
        checks.add(new Check("PASS", "protocol version", agentClient.endpoint().version().label()));
        if (card.iconUrl() != null) {
            checks.add(new Check(URI.create(card.iconUrl()).isAbsolute() ? "PASS" : "FAIL", "card.iconUrl absolute",
                    card.iconUrl()));
        }
        if (!noSend) {
            checks.addAll(roundTrip(agentClient));
        }
        return checks;
    }

    private List<Check> roundTrip(A2AClient agentClient) {
        List<Check> checks = new ArrayList<>();
        try (Progress progress = Progress.start(err(), "the round trip")) {
            SendMessageResult result = agentClient.send(A2AClient.userMessage("hello", null), true);
            checks.add(new Check("PASS", "send", result instanceof Task t ? "task " + t.id() : "message"));
            if (result instanceof Task task) {
                Task again = agentClient.getTask(task.id());
                checks.add(new Check(again.id().equals(task.id()) ? "PASS" : "FAIL", "get", "task " + again.id()));
                try {
                    Task canceled = agentClient.cancelTask(task.id());
                    checks.add(new Check("PASS", "cancel", canceled.status().state().name()));
                } catch (A2ARemoteException e) {
                    boolean expected = e.error().orElse(null) == A2AError.TASK_NOT_CANCELABLE;
                    checks.add(new Check(expected ? "PASS" : "FAIL", "cancel", e.reason() + " " + e.code()));
                }
            }
            try {
                agentClient.getTask("no-such-task-" + UUID.randomUUID());
                checks.add(new Check("FAIL", "unknown task is not found", "the agent answered a task"));
            } catch (A2ARemoteException e) {
                boolean expected = e.error().orElse(null) == A2AError.TASK_NOT_FOUND;
                checks.add(new Check(expected ? "PASS" : "FAIL", "unknown task is not found", e.reason() + " " + e.code()));
            }
        } catch (RuntimeException e) {
            checks.add(new Check("FAIL", "round trip", e.getMessage()));
        }
        return checks;
    }

    private static Check field(boolean present, String name, String rule) {
        return new Check(present ? "PASS" : "FAIL", name, present ? "" : rule);
    }
}
