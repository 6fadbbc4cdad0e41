package dev.switchboard.web.landing;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;
import java.net.URI;
import java.util.List;
import java.util.Optional;

/**
 * Renders the landing page: what this endpoint is, its skills, where the card is, and commands a
 * person can paste into a terminal. Everything taken from settings is escaped.
 */
final class LandingPage {
    static final String CARD_PATH = "/.well-known/agent-card.json";
    private static final int EXAMPLE_LABEL = 60;

    private LandingPage() {
    }

    static String render(AgentCard card, Settings settings) {
        String cardUrl = settings.urlFor(CARD_PATH);
        StringBuilder html = new StringBuilder(4096);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(card.name())).append(" · A2A agent</title>\n")
                // script and style come from files: the page's CSP forbids inline code (LandingResource)
                // no favicon to fetch: a 404 for it would be the page's only console error
                .append("<link rel=\"icon\" href=\"data:,\">\n")
                .append("<link rel=\"stylesheet\" href=\"static/site.css\">\n")
                .append("<script src=\"static/try.js\" defer></script>\n")
                .append("</head>\n<body>\n<main>\n")
                .append("<h1>").append(escape(card.name())).append("</h1>\n")
                .append("<p>").append(escape(card.description())).append("</p>\n")
                .append("<p>This address is an <strong>A2A (Agent2Agent) agent</strong>. Other agents and A2A clients ")
                .append("discover it through its Agent Card and talk to it over the endpoints the card lists. ")
                .append("Agent version ").append(escape(card.version())).append(".</p>\n");
        appendAsk(html, card);
        appendCard(html, cardUrl);
        appendEndpoints(html, card);
        appendSkills(html, card);
        appendTryIt(html, card, settings, cardUrl);
        html.append("</main>\n</body>\n</html>\n");
        return html.toString();
    }

    /**
     * The form that sends a message from the browser (static/try.js does the sending). It names the
     * endpoint by path, so the page's {@code connect-src 'self'} holds behind a proxy whose public
     * host differs from the one the browser used; the skills' examples are one-click prompts.
     */
    private static void appendAsk(StringBuilder html, AgentCard card) {
        html.append("<section aria-labelledby=\"ask-title\">\n<h2 id=\"ask-title\">Ask the agent</h2>\n")
                .append("<p id=\"health\" class=\"health\" aria-live=\"polite\">Server health: checking…</p>\n");
        Optional<AgentInterface> endpoint = card.interfaceFor(ProtocolVersion.V1_0, AgentInterface.JSONRPC)
                .or(() -> card.interfaceFor(ProtocolVersion.V1_0, AgentInterface.HTTP_JSON));
        if (endpoint.isEmpty()) {
            html.append("<p>No A2A 1.0 JSON-RPC or HTTP+JSON endpoint is enabled, so this page cannot send.</p>\n")
                    .append("</section>\n");
            return;
        }
        boolean streaming = card.capabilities().streaming();
        html.append("<form id=\"ask\" data-binding=\"").append(escape(endpoint.get().protocolBinding()))
                .append("\" data-endpoint=\"").append(escape(pathOf(endpoint.get().url())))
                .append("\" data-streaming=\"").append(streaming).append("\">\n")
                .append("<label for=\"question\">Your message</label>\n")
                .append("<textarea id=\"question\" name=\"question\" rows=\"3\" required></textarea>\n")
                .append("<button type=\"submit\" id=\"send\">Send</button>\n")
                .append("<noscript><p>Sending from this page needs JavaScript; the commands below do not.</p></noscript>\n")
                .append("</form>\n");
        List<String> examples = card.skills().stream().flatMap(skill -> skill.examples().stream()).toList();
        if (!examples.isEmpty()) {
            html.append("<p class=\"examples\">Examples:\n");
            for (String example : examples) {
                html.append("<button type=\"button\" class=\"example\" data-prompt=\"").append(escape(example))
                        .append("\" title=\"").append(escape(example)).append("\">").append(escape(label(example)))
                        .append("</button>\n");
            }
            html.append("</p>\n");
        }
        html.append("<h3>Answer</h3>\n<div id=\"answer\" class=\"answer\" aria-live=\"polite\">")
                .append("<p class=\"muted\">Nothing sent yet.</p></div>\n</section>\n");
    }

    /** A button's label: an example can be a whole Agent Card, which the button's title still shows. */
    static String label(String example) {
        String line = example.strip().replaceAll("\\s+", " ");
        return line.length() <= EXAMPLE_LABEL ? line : line.substring(0, EXAMPLE_LABEL - 1) + "…";
    }

    /** The path of an endpoint URL, for a same-origin request from the page. */
    static String pathOf(String url) {
        String path = URI.create(url).getRawPath();
        return path == null || path.isEmpty() ? "/" : path;
    }

    private static void appendCard(StringBuilder html, String cardUrl) {
        html.append("<h2>Agent Card</h2>\n<p><a href=\"").append(escape(cardUrl)).append("\">")
                .append(escape(cardUrl)).append("</a> — JSON, readable by A2A 1.0 and 0.3 clients ")
                .append("(send <code>A2A-Version: 0.3</code> for the 0.3 rendering).</p>\n");
    }

    private static void appendEndpoints(StringBuilder html, AgentCard card) {
        html.append("<h2>Endpoints</h2>\n");
        if (card.supportedInterfaces().isEmpty()) {
            html.append("<p>No A2A endpoint is enabled on this server yet.</p>\n");
            return;
        }
        html.append("<ul>\n");
        for (AgentInterface endpoint : card.supportedInterfaces()) {
            html.append("<li><code>").append(escape(endpoint.url())).append("</code> — ")
                    .append(escape(endpoint.protocolBinding())).append(", A2A ")
                    .append(escape(endpoint.protocolVersion().label())).append("</li>\n");
        }
        html.append("</ul>\n");
    }

    private static void appendSkills(StringBuilder html, AgentCard card) {
        html.append("<h2>Skills</h2>\n");
        if (card.skills().isEmpty()) {
            html.append("<p>No skills are installed.</p>\n");
            return;
        }
        html.append("<dl>\n");
        for (AgentSkill skill : card.skills()) {
            html.append("<dt>").append(escape(skill.name())).append(" <code>").append(escape(skill.id()))
                    .append("</code></dt>\n<dd>").append(escape(skill.description()));
            if (!skill.examples().isEmpty()) {
                html.append("<br>Try: <em>").append(escape(skill.examples().get(0))).append("</em>");
            }
            html.append("</dd>\n");
        }
        html.append("</dl>\n");
    }

    private static void appendTryIt(StringBuilder html, AgentCard card, Settings settings, String cardUrl) {
        html.append("<h2>From a terminal</h2>\n<pre>")
                .append(escape("# the Agent Card\ncurl -s " + cardUrl + "\n\n"))
                .append(escape("# the card as an A2A 0.3 client sees it\ncurl -s -H 'A2A-Version: 0.3' " + cardUrl
                        + "\n\n"))
                .append(escape("# revalidate a cached copy (304 Not Modified while the card is unchanged)\n"
                        + "curl -s -o /dev/null -w '%{http_code}\\n' -H 'If-None-Match: \"<etag>\"' " + cardUrl
                        + "\n\n"));
        card.interfaceFor(ProtocolVersion.V1_0, AgentInterface.JSONRPC).ifPresent(rpc ->
                html.append(escape("# send a message (A2A 1.0, JSON-RPC)\ncurl -s " + rpc.url()
                        + " -H 'Content-Type: application/json' -H 'A2A-Version: 1.0' -d '{\"jsonrpc\":\"2.0\","
                        + "\"id\":1,\"method\":\"SendMessage\",\"params\":{\"message\":{\"messageId\":\"m1\","
                        + "\"role\":\"ROLE_USER\",\"parts\":[{\"text\":\"hello\"}]}}}'\n\n")));
        html.append(escape("# health\ncurl -s " + settings.urlFor("/health") + "\n")).append("</pre>\n");
    }

    static String escape(String text) {
        StringBuilder out = new StringBuilder(text.length() + 16);
        for (int i = 0; i < text.length(); i++) {
            char c = text.charAt(i);
            switch (c) {
                case '<' -> out.append("&lt;");
                case '>' -> out.append("&gt;");
                case '&' -> out.append("&amp;");
                case '"' -> out.append("&quot;");
                case '\'' -> out.append("&#39;");
                default -> out.append(c);
            }
        }
        return out.toString();
    }
}
