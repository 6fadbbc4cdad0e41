package dev.switchboard.client;

import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.http.HttpResponse;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

/**
 * Finds an agent's card from the URL a user gives: the URL itself when it names a {@code .json}
 * document, else {@code /.well-known/agent-card.json} (1.0, and 0.3 from 0.3.0 on) and then
 * {@code /.well-known/agent.json} (earlier 0.x), below the URL's path first and then at its origin.
 * Every attempt is recorded in the card's trace, for {@code connect --inspect}.
 */
final class Discovery {
    static final String CARD_PATH = "/.well-known/agent-card.json";
    static final String LEGACY_CARD_PATH = "/.well-known/agent.json";

    private Discovery() {
    }

    static List<URI> candidates(URI url) {
        Set<URI> candidates = new LinkedHashSet<>();
        String path = url.getPath() == null ? "" : url.getPath();
        if (path.endsWith(".json")) {
            candidates.add(url);
            return new ArrayList<>(candidates);
        }
        String origin = url.getScheme() + "://" + url.getRawAuthority();
        String below = origin + path.replaceAll("/+$", "");
        for (String root : List.of(below, origin)) {
            candidates.add(URI.create(root + CARD_PATH));
            candidates.add(URI.create(root + LEGACY_CARD_PATH));
        }
        return new ArrayList<>(candidates);
    }

    /**
     * @return the card, its trace naming every request made
     * @throws A2AClientException when no candidate answers a card; an unreachable host fails at once
     */
    static PeerCard discover(HttpCaller http, URI url) {
        List<String> trace = new ArrayList<>();
        for (URI candidate : candidates(url)) {
            HttpResponse<byte[]> response = http.get(candidate, "application/json");
            int status = response.statusCode();
            if (status / 100 != 2) {
                trace.add("GET " + candidate + " -> HTTP " + status);
                continue;
            }
            JsonValue json;
            try {
                json = HttpCaller.parse(response.body(), candidate);
            } catch (A2AClientException e) {
                trace.add("GET " + candidate + " -> HTTP " + status + ", not JSON");
                continue;
            }
            if (!(json instanceof JsonObject object) || !object.containsKey("name")) {
                trace.add("GET " + candidate + " -> HTTP " + status + ", not an Agent Card");
                continue;
            }
            trace.add("GET " + candidate + " -> HTTP " + status + ", Agent Card '" + object.getString("name", "?") + "'");
            return CardReader.read(candidate, object, trace);
        }
        throw new A2AClientException("no Agent Card found for " + url + ": " + String.join("; ", trace), 404, null);
    }
}
