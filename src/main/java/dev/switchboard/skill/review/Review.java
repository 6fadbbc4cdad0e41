package dev.switchboard.skill.review;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;

/**
 * What {@link CardReview} made of one Agent Card: a score, a summary of what the card advertises,
 * and the findings.
 *
 * @param score           0..100; see {@link Severity} for what each finding costs
 * @param lines           protocol lines the card advertises, as major.minor, e.g. {@code ["0.3","1.0"]}
 * @param interfaces      the endpoints it advertises, without duplicates, in card order
 * @param signed          whether the card carries signatures
 * @param signature       what checking them found
 * @param securitySchemes the schemes it declares, in card order
 * @param skills          how many skills it lists
 * @param findings        in card order; {@link #findingsBySeverity()} sorts them
 */
public record Review(int score, List<String> lines, List<Endpoint> interfaces, boolean signed,
                     Signature signature, List<Scheme> securitySchemes, int skills, List<Finding> findings) {

    /** An advertised endpoint: {@code binding} is JSONRPC, GRPC, HTTP+JSON or a custom URI. */
    public record Endpoint(String binding, String url, String version) {
    }

    /** A declared security scheme: its name on the card and its type, e.g. {@code apiKey} or {@code oauth2}. */
    public record Scheme(String name, String type) {
    }

    /**
     * What the signatures came to.
     *
     * @param status "unsigned"; "malformed" (no entry is a usable JWS); "not verified" (no keys were
     *               given); "verified"; or "refused" (keys were given and no signature verifies)
     * @param keyId  the key that verified the card, or null
     * @param form   the canonical form that verified ({@code AS_SERVED}: the whole card;
     *               {@code V1_MODEL}: the fields of the 1.0 model only), or null
     * @param detail why, in words; null when unsigned
     */
    public record Signature(String status, String keyId, String form, String detail) {
        static final Signature UNSIGNED = new Signature("unsigned", null, null, null);

        JsonObject toJson() {
            var json = JsonFactory.createObjectBuilder().add("status", status);
            if (keyId != null) {
                json.add("keyId", keyId);
            }
            if (form != null) {
                json.add("form", form);
            }
            if (detail != null) {
                json.add("detail", detail);
            }
            return json.build();
        }

        /** "verified with key 'k' over the card as served", for the text report. */
        String toText() {
            return switch (status) {
                case "unsigned" -> "no";
                case "verified" -> "yes, verified: " + detail;
                case "not verified" -> "yes (not verified: no keys were sent with the card)";
                default -> "yes, " + status + ": " + detail;
            };
        }
    }

    public Review {
        lines = List.copyOf(lines);
        interfaces = List.copyOf(interfaces);
        securitySchemes = List.copyOf(securitySchemes);
        findings = List.copyOf(findings);
    }

    /** Errors first, then warnings, then info; card order within each. */
    public List<Finding> findingsBySeverity() {
        return findings.stream().sorted(Comparator.comparing(Finding::severity)).toList();
    }

    /** How many findings have this severity. */
    public long count(Severity severity) {
        return findings.stream().filter(f -> f.severity() == severity).count();
    }

    /** "Score 72/100: 1 error, 3 warnings, 2 info", the one-line verdict. */
    public String verdict() {
        return "Score " + score + "/100: " + plural(count(Severity.ERROR), "error") + ", "
                + plural(count(Severity.WARNING), "warning") + ", " + count(Severity.INFO) + " info";
    }

    /**
     * The review for agents: {@code {score, lines, interfaces[{binding,url,version}], signed,
     * signature{status,keyId,form,detail}, securitySchemes[{name,type}], skills,
     * findings[{severity,code,field,message}]}}, findings
     * ordered by severity.
     */
    public JsonObject toJson() {
        JsonArrayBuilder endpoints = JsonFactory.createArrayBuilder();
        interfaces.forEach(e -> endpoints.add(JsonFactory.createObjectBuilder().add("binding", e.binding())
                .add("url", e.url()).add("version", e.version())));
        JsonArrayBuilder schemes = JsonFactory.createArrayBuilder();
        securitySchemes.forEach(s -> schemes.add(JsonFactory.createObjectBuilder().add("name", s.name())
                .add("type", s.type())));
        JsonArrayBuilder found = JsonFactory.createArrayBuilder();
        findingsBySeverity().forEach(f -> found.add(f.toJson()));
        return JsonFactory.createObjectBuilder().add("score", score).add("lines", JsonFactory.createArrayBuilder(lines))
                .add("interfaces", endpoints).add("signed", signed).add("signature", signature.toJson())
                .add("securitySchemes", schemes)
                .add("skills", skills).add("findings", found).build();
    }

    /** The review for people: the verdict, the summary, then one finding per line, errors first. */
    public String toText() {
        StringBuilder text = new StringBuilder("Agent Card review. ").append(verdict()).append('\n');
        text.append("Protocol lines: ").append(lines.isEmpty() ? "none" : String.join(", ", lines)).append('\n');
        text.append("Interfaces: ").append(interfaces.isEmpty() ? "none" : interfaces.stream()
                .map(e -> e.binding() + " " + e.url() + " (" + e.version() + ")")
                .collect(Collectors.joining("; "))).append('\n');
        text.append("Signed: ").append(signature.toText()).append('\n');
        text.append("Security schemes: ").append(securitySchemes.isEmpty() ? "none" : securitySchemes.stream()
                .map(s -> s.name() + " (" + s.type() + ")").collect(Collectors.joining(", "))).append('\n');
        text.append("Skills: ").append(skills).append('\n');
        if (findings.isEmpty()) {
            text.append("\nNo findings.\n");
        } else {
            text.append("\nFindings:\n");
            for (Finding f : findingsBySeverity()) {
                text.append(f.severity().name()).append(' ').append(f.code()).append(" at ").append(f.field())
                        .append(": ").append(f.message()).append('\n');
            }
        }
        return text.toString();
    }

    private static String plural(long n, String word) {
        return n + " " + word + (n == 1 ? "" : "s");
    }
}
