package dev.switchboard.skill.review;

import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.util.List;
import java.util.Locale;
import java.util.Objects;

/**
 * Reviews an A2A Agent Card of either protocol line (1.0 or 0.3, or a card serving both) and says
 * what a client or a calling agent will stumble on. A function of the card's JSON and of the public
 * keys sent with it (to verify its signatures; and the clock, for the keys' validity): it never
 * fetches any URL the card names, nor resolves any host.
 *
 * <p>The score starts at 100 and each finding takes off its {@link Severity#weight() weight}:
 * 15 per error, 5 per warning, nothing for info; it never goes below 0.
 */
public final class CardReview {
    private CardReview() {
    }

    /** Reviews one card without keys: its signatures are checked for shape only. */
    public static Review review(JsonObject card) {
        return review(card, null, Clock.systemUTC());
    }

    /**
     * Reviews one card; never throws for anything a card or the keys may contain.
     *
     * @param jwks the JWK Set (or one JWK) the caller sent to verify the card's signatures with, or null
     */
    public static Review review(JsonObject card, JsonValue jwks, Clock clock) {
        Objects.requireNonNull(card, "card");
        Findings findings = new Findings();
        findings.requiredString(card, "", "name", "clients and people show the agent by its name.");
        findings.requiredString(card, "", "description", "a calling agent reads it to decide whether to use "
                + "this agent.");
        findings.requiredString(card, "", "version", "clients and caches tell card revisions apart by it.");
        InterfaceCheck interfaces = new InterfaceCheck(findings);
        interfaces.run(card);
        capabilities(card, findings, interfaces.reachesV10());
        modes(card, findings, "defaultInputModes");
        modes(card, findings, "defaultOutputModes");
        JsonArray skills = findings.requiredArray(card, "", "skills", "a calling agent routes requests by the "
                + "skills the card lists.");
        if (skills != null) {
            new SkillCheck(findings).run(skills);
        }
        SecurityCheck security = new SecurityCheck(findings);
        security.run(card);
        SignatureCheck signatures = new SignatureCheck(findings, clock);
        signatures.run(card, GivenKeys.read(jwks));
        provenance(card, findings);
        List<Finding> found = findings.list();
        Review.Signature signature = signatures.outcome();
        return new Review(score(found), interfaces.lines(), interfaces.endpoints(),
                signature != Review.Signature.UNSIGNED, signature, security.schemes(),
                skills == null ? 0 : skills.size(), found);
    }

    /** 100 minus the weights of the findings, at least 0. */
    static int score(List<Finding> findings) {
        int cost = findings.stream().mapToInt(f -> f.severity().weight()).sum();
        return Math.max(0, 100 - cost);
    }

    private static void capabilities(JsonObject card, Findings findings, boolean v10) {
        JsonObject capabilities = findings.requiredObject(card, "", "capabilities", "clients read from it whether "
                + "the agent streams and takes push notifications; an empty object {} says neither.");
        boolean extended10 = capabilities != null && capabilities.get("extendedAgentCard") == JsonValue.TRUE;
        boolean extended03 = card.get("supportsAuthenticatedExtendedCard") == JsonValue.TRUE;
        // The flag moved between lines; a card for both must set it in both places or one line misses out.
        if (extended03 && !extended10 && v10) {
            findings.warning("EXTENDED_CARD_FLAG_V10", "capabilities.extendedAgentCard", "The card sets the 0.3 "
                    + "flag supportsAuthenticatedExtendedCard; 1.0 clients read capabilities.extendedAgentCard "
                    + "instead, so set that too.");
        } else if (extended10 && !extended03 && Findings.has(card, "url")) {
            findings.warning("EXTENDED_CARD_FLAG_V03", "supportsAuthenticatedExtendedCard", "0.3 clients read "
                    + "supportsAuthenticatedExtendedCard, not capabilities.extendedAgentCard; set it to true too.");
        }
    }

    private static void modes(JsonObject card, Findings findings, String name) {
        JsonArray modes = findings.requiredArray(card, "", name, "clients read from it which media types the "
                + "agent takes and gives, e.g. [\"text/plain\"].");
        if (modes != null && modes.isEmpty()) {
            findings.warning("EMPTY_MODES", name, name + " is empty, so clients cannot tell which media types to "
                    + "use; list at least one, e.g. \"text/plain\".");
        }
    }

    private static void provenance(JsonObject card, Findings findings) {
        JsonObject provider = findings.object(card, "", "provider");
        if (provider == null) {
            findings.info("NO_PROVIDER", "provider", "The card does not say who runs the agent; add provider "
                    + "{organization, url} so that people and agents can judge whom they talk to.");
        } else {
            findings.requiredString(provider, "provider", "organization", "a provider must name its organization.");
            link(findings.requiredString(provider, "provider", "url", "a provider must give its website."),
                    "provider.url", findings);
        }
        String documentation = findings.string(card, "", "documentationUrl");
        if (documentation == null) {
            findings.info("NO_DOCUMENTATION_URL", "documentationUrl", "The card links no documentation; add "
                    + "documentationUrl so that developers can learn how to use the agent.");
        }
        link(documentation, "documentationUrl", findings);
        link(findings.string(card, "", "iconUrl"), "iconUrl", findings);
    }

    /** A link meant for people: a bad one is a nuisance, not a failure, hence a warning. */
    private static void link(String url, String path, Findings findings) {
        if (url == null) {
            return;
        }
        try {
            URI uri = new URI(url);
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if ((scheme.equals("http") || scheme.equals("https")) && uri.getHost() != null) {
                return;
            }
        } catch (URISyntaxException e) {
            // reported below
        }
        findings.warning("INVALID_LINK", path, "\"" + url + "\" is not an absolute http(s) URL; browsers and "
                + "clients cannot open it.");
    }
}
