package dev.switchboard.web;

import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentCard;
import dev.switchboard.protocol.AgentInterface;
import dev.switchboard.protocol.AgentSkill;

/**
 * Renders the landing page: what this endpoint is, its skills, where the card is, and commands a
 * person can paste into a terminal. Everything taken from settings is escaped.
 */
final class LandingPage {
    static final String CARD_PATH = "/.well-known/agent-card.json";

    private LandingPage() {
    }

    static String render(AgentCard card, Settings settings) {
        String cardUrl = settings.urlFor(CARD_PATH);
        StringBuilder html = new StringBuilder(4096);
        html.append("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n")
                .append("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
                .append("<title>").append(escape(card.name())).append(" · A2A agent</title>\n")
                .append("<style>body{font:16px/1.5 system-ui,sans-serif;max-width:52rem;margin:2rem auto;padding:0 1rem;")
                .append("color:#1b1b1b}code,pre{font:14px ui-monospace,monospace;background:#f3f3f3;border-radius:4px}")
                .append("pre{padding:.75rem;overflow-x:auto}h2{margin-top:2rem}dt{font-weight:600}</style>\n")
                .append("</head>\n<body>\n<main>\n")
                .append("<h1>").append(escape(card.name())).append("</h1>\n")
                .append("<p>").append(escape(card.description())).append("</p>\n")
                .append("<p>This address is an <strong>A2A (Agent2Agent) agent</strong>. Other agents and A2A clients ")
                .append("discover it through its Agent Card and talk to it over the endpoints the card lists. ")
                .append("Agent version ").append(escape(card.version())).append(".</p>\n");
        appendCard(html, cardUrl);
        appendEndpoints(html, card);
        appendSkills(html, card);
        appendTryIt(html, card, settings, cardUrl);
        html.append("</main>\n</body>\n</html>\n");
        return html.toString();
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
        html.append("<h2>Try it</h2>\n<pre>")
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
