package dev.switchboard.web;

import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.web.filter.Preconditions;
import dev.switchboard.web.binding.ErrorBody;
import dev.switchboard.web.binding.HttpErrors;
import dev.switchboard.web.binding.HttpNames;
import dev.switchboard.web.binding.RequestScope;
import dev.switchboard.web.binding.RequestedVersion;
import jakarta.servlet.http.HttpServlet;
import jakarta.servlet.http.HttpServletRequest;
import jakarta.servlet.http.HttpServletResponse;
import java.io.IOException;
import java.time.Instant;
import java.util.EnumMap;
import java.util.Map;
import java.util.concurrent.CancellationException;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.CompletionException;

/**
 * Publishes the Agent Card at {@code /.well-known/agent-card.json} (and the pre-0.3 alias
 * {@code /.well-known/agent.json}): the rendering for the caller's protocol line, from bytes and
 * tags computed once at start-up (a signed card's on the thread that signs it: a request that
 * comes first waits for them). Validators and caching headers are finished by the
 * conditional-GET filter in front of it. Anyone may read it, from any origin.
 */
public final class AgentCardServlet extends HttpServlet {
    private static final String ALLOW = "GET, HEAD, OPTIONS";

    private final transient CompletableFuture<Tagged> documents;
    private final long lastModified;
    private final boolean serveV03;

    /**
     * @param published when the card was made: its {@code Last-Modified}
     * @param serveV03  whether the 0.3 rendering is served
     */
    AgentCardServlet(CompletableFuture<AgentCardDocuments> documents, Instant published, boolean serveV03) {
        this.documents = documents.thenApply(Tagged::of);
        this.serveV03 = serveV03;
        this.lastModified = published.toEpochMilli() / 1000 * 1000;
    }

    /** The documents with their entity tags: null stands for the discovery document. */
    private record Tagged(AgentCardDocuments documents, Map<ProtocolVersion, String> tags, String discoveryTag) {
        static Tagged of(AgentCardDocuments documents) {
            Map<ProtocolVersion, String> tags = new EnumMap<>(ProtocolVersion.class);
            for (ProtocolVersion version : ProtocolVersion.values()) {
                tags.put(version, Preconditions.strongTag(documents.forVersion(version)));
            }
            return new Tagged(documents, tags, Preconditions.strongTag(documents.forVersion(null)));
        }

        String tag(ProtocolVersion version) {
            return version == null ? discoveryTag : tags.get(version);
        }
    }

    @Override
    protected void service(HttpServletRequest request, HttpServletResponse response) throws IOException {
        response.setHeader("Access-Control-Allow-Origin", "*");
        switch (request.getMethod()) {
            case "GET", "HEAD" -> serve(request, response);
            case "OPTIONS" -> {
                response.setHeader("Allow", ALLOW);
                response.setHeader("Access-Control-Allow-Methods", ALLOW);
                response.setHeader("Access-Control-Allow-Headers", "A2A-Version, If-None-Match, If-Modified-Since");
                response.setStatus(HttpServletResponse.SC_NO_CONTENT);
            }
            default -> {
                response.setHeader("Allow", ALLOW);
                HttpErrors.write(response, 405, HttpErrors.describe(405, request.getRequestURI()));
            }
        }
    }

    private void serve(HttpServletRequest request, HttpServletResponse response) throws IOException {
        RequestedVersion requested = RequestScope.requestedVersion(request);
        if (requested.isUnsupported() || (requested.version() == ProtocolVersion.V0_3 && !serveV03)) {
            String supported = serveV03 ? "1.0, 0.3" : "1.0";
            HttpErrors.send(response, 400, ErrorBody.forA2A(new A2AException(A2AError.VERSION_NOT_SUPPORTED,
                    "A2A-Version " + requested.named() + " is not supported; the card is published for " + supported,
                    Map.of("requestedVersion", requested.named(), "supportedVersions", supported))));
            return;
        }
        Tagged card;
        try {
            card = documents.join();
        } catch (CompletionException | CancellationException e) {
            // logged where it failed; the card is not published unsigned when a key was set
            HttpErrors.write(response, 503, "The Agent Card could not be signed; see the server's log");
            return;
        }
        ProtocolVersion version = requested.version();
        byte[] body = card.documents().forVersion(version);
        response.setContentType(HttpNames.JSON);
        response.setHeader("ETag", card.tag(version));
        response.setDateHeader("Last-Modified", lastModified);
        response.setContentLength(body.length);
        response.getOutputStream().write(body);
    }
}
