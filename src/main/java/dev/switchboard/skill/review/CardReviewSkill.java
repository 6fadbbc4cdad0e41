package dev.switchboard.skill.review;

import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.TaskUpdater;
import jakarta.json.JsonObject;
import java.time.Clock;
import java.util.List;

/**
 * The "card-review" skill: reviews an A2A Agent Card sent in the message with {@link CardReview}
 * and answers with two artifacts, a text report for people and the review as JSON for agents.
 * It works offline: it never fetches a card or anything a card names, so the keys that verify the
 * card's signatures come with the request ({@link CardInput}).
 */
public final class CardReviewSkill implements Skill, AgentExecutor {
    /** The skill's id on the Agent Card. */
    public static final String ID = "card-review";
    /** The id of the artifact with the text report. */
    public static final String TEXT_ARTIFACT = "card-review-text";
    /** The id of the artifact with the review as JSON. */
    public static final String JSON_ARTIFACT = "card-review-json";

    // Worded for a calling agent deciding whether and how to use the skill: what to send, what comes back.
    private static final String DESCRIPTION = "Reviews an A2A Agent Card (protocol 1.0, 0.3 or both) without "
            + "contacting the agent it describes. Send the card itself as JSON: a data part holding the card object, "
            + "or text containing the card's JSON (prose around it is fine); a URL is not fetched. To have the card's "
            + "signatures verified, send its public keys too: {\"card\": <card>, \"jwks\": <JWK Set>} instead of the "
            + "bare card, or the JWK Set in a data part of its own. Returns a score 0-100, a summary (protocol lines, "
            + "interfaces and bindings, signatures: unsigned, verified with which key and canonical form, refused "
            + "or not verified, security schemes, skill count) and findings, each with severity, code, JSON path "
            + "and a fix, as a text artifact and as a JSON data artifact {score, lines, interfaces, signed, "
            + "signature, securitySchemes, skills, findings}.";

    static final String EXAMPLE_CARD = "{\"name\":\"Echo\",\"description\":\"Echoes text back\",\"version\":\"1.0.0\","
            + "\"supportedInterfaces\":[{\"url\":\"https://echo.example.com/a2a\",\"protocolBinding\":\"JSONRPC\","
            + "\"protocolVersion\":\"1.0\"}],\"capabilities\":{},\"defaultInputModes\":[\"text/plain\"],"
            + "\"defaultOutputModes\":[\"text/plain\"],\"skills\":[{\"id\":\"echo\",\"name\":\"Echo\","
            + "\"description\":\"Echoes the text of each message back\",\"tags\":[\"echo\"]}]}";

    private static final AgentSkill DESCRIPTOR = new AgentSkill(ID, "Agent Card review", DESCRIPTION,
            List.of("a2a", "agent-card", "review", "lint"),
            List.of(EXAMPLE_CARD, "Please review this Agent Card: " + EXAMPLE_CARD),
            List.of("application/json", "text/plain"), List.of("text/plain", "application/json"));

    @Override
    public AgentSkill descriptor() {
        return DESCRIPTOR;
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    /**
     * Claims a message that carries something shaped like an Agent Card: a JSON object with a
     * {@code name} and endpoints, skills or capabilities. Narrow on purpose, so a question that
     * merely mentions a card still goes to the catalogue.
     */
    @Override
    public boolean claims(Message message) {
        JsonObject card = CardInput.find(message.parts()).card();
        return card != null && card.containsKey("name") && (card.containsKey("supportedInterfaces")
                || card.containsKey("url") || card.containsKey("skills") || card.containsKey("capabilities"));
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) {
        CardInput input = CardInput.find(request.message().parts());
        if (input.card() == null) {
            updater.complete(usage(input.problem()));
            return;
        }
        Review review = CardReview.review(input.card(), input.jwks(), Clock.systemUTC());
        updater.complete(List.of(
                Artifact.of(TEXT_ARTIFACT, "Agent Card review", List.of(Part.text(review.toText()))),
                Artifact.of(JSON_ARTIFACT, "Agent Card review (JSON)", List.of(Part.data(review.toJson())))),
                review.verdict() + ".");
    }

    /** What to tell a caller whose message held no card. */
    static String usage(String problem) {
        return (problem == null ? "The message holds no Agent Card. " : problem + " ")
                + "To use this skill, send the Agent Card to review as JSON: either a data part holding the card "
                + "object, or a text part containing the card's JSON (prose around it is fine). For example: "
                + EXAMPLE_CARD;
    }
}
