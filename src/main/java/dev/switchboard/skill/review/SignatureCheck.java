package dev.switchboard.skill.review;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.json.ProtoJson;
import dev.switchboard.protocol.signing.CanonicalCard;
import dev.switchboard.protocol.signing.CardVerification;
import dev.switchboard.protocol.signing.CardVerifier;
import jakarta.json.JsonArray;
import jakarta.json.JsonNumber;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The card's signatures (A2A 1.0 section 8.4): their shape, and, when the caller sent the public
 * keys beside the card, whether they verify, in which canonical form, and what that form covers.
 * Without keys it says how to have them checked: the review fetches nothing, not even the
 * signature's {@code jku}.
 */
final class SignatureCheck {
    /** The 0.3 discovery fields, which a signature over the 1.0 model form does not cover. */
    private static final Set<String> V03_FIELDS = Set.of("url", "preferredTransport", "protocolVersion",
            "additionalInterfaces", "supportsAuthenticatedExtendedCard", "security");
    private static final int MAX_PATHS = 12;
    private static final Pattern BASE64URL = Pattern.compile("[A-Za-z0-9_-]+");
    private static final String HOW_TO_VERIFY = "send the card's public keys beside it: a data part "
            + "{\"card\": <the card>, \"jwks\": <the JWK Set its jku serves>}, or the JWK Set in a data part of its "
            + "own next to the card's";

    private final Findings findings;
    private final Clock clock;
    private Review.Signature outcome = Review.Signature.UNSIGNED;

    SignatureCheck(Findings findings, Clock clock) {
        this.findings = findings;
        this.clock = clock;
    }

    Review.Signature outcome() {
        return outcome;
    }

    void run(JsonObject card, GivenKeys keys) {
        JsonArray signatures = findings.array(card, "", "signatures");
        if (signatures == null || signatures.isEmpty()) {
            findings.info("UNSIGNED", "signatures", "The card is not signed, so clients cannot tell whether it was "
                    + "altered on the way; sign it (a JWS per key over the card's RFC 8785 canonical form, A2A 1.0 "
                    + "section 8.4) and publish the public keys as a JWK Set if clients rely on it.");
            return;
        }
        List<JsonObject> entries = findings.objects(signatures, "signatures");
        int wellFormed = 0;
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) != null && shape(entries.get(i), ProtoJson.index("signatures", i))) {
                wellFormed++;
            }
        }
        if (keys.problem() != null) {
            findings.info("KEYS_UNREADABLE", "jwks", "The keys sent with the card were not used: " + keys.problem()
                    + ".");
        }
        if (keys.hadPrivateParts()) {
            findings.warning("PRIVATE_KEY_SENT", "jwks", "The keys sent with the card include private key material; "
                    + "a review needs only the public keys, and anything sent in a task is stored with it. Treat "
                    + "those keys as exposed and send public JWKs only.");
        }
        if (wellFormed == 0) {
            // each entry has its finding already; one more would charge the card twice for them
            outcome = new Review.Signature("malformed", null, null, "no entry of signatures is a usable JWS");
        } else if (!keys.given()) {
            outcome = new Review.Signature("not verified", null, null, "no keys were given");
            findings.info("SIGNATURE_NOT_VERIFIED", "signatures", "The card carries " + signatures.size()
                    + " signature(s); they were not verified, because no keys were sent with the card and this review "
                    + "fetches nothing (not even the jku). To have them verified, " + HOW_TO_VERIFY + ".");
        } else {
            verify(card, keys);
        }
    }

    /** Whether one entry is shaped as a JWS a verifier can check; reports what is wrong. */
    private boolean shape(JsonObject signature, String path) {
        String why = "a JWS signature needs its protected header and its signature value.";
        String header = findings.requiredString(signature, path, "protected", why);
        String value = findings.requiredString(signature, path, "signature", why);
        if (header == null || value == null) {
            return false;
        }
        if (!BASE64URL.matcher(value).matches()) {
            findings.error("MALFORMED_SIGNATURE", ProtoJson.path(path, "signature"), "The signature value is not "
                    + "base64url (A-Z, a-z, 0-9, '-', '_', no padding); verifiers will reject it.");
            return false;
        }
        JsonObject decoded = BASE64URL.matcher(header).matches() ? decode(header) : null;
        String field = ProtoJson.path(path, "protected");
        if (decoded == null) {
            findings.error("MALFORMED_SIGNATURE", field, "The protected header is not base64url-encoded JSON; "
                    + "verifiers will reject this signature.");
            return false;
        }
        if (!(decoded.get("alg") instanceof JsonString alg)) {
            findings.error("MALFORMED_SIGNATURE", field, "The protected header has no \"alg\"; verifiers cannot "
                    + "tell how the card was signed.");
            return false;
        }
        if (CardVerifier.ALGORITHMS.stream().noneMatch(a -> a.getName().equals(alg.getString()))) {
            findings.error("SIGNATURE_ALGORITHM_REFUSED", field, "The signature uses \"" + alg.getString() + "\"; "
                    + "card signatures must use an asymmetric algorithm (ES256, ES384, ES512, RS256..., PS256...), "
                    + "since with none or HMAC anyone who reads the key could sign.");
            return false;
        }
        if (!decoded.containsKey("kid")) {
            findings.warning("SIGNATURE_WITHOUT_KID", field, "The protected header has no \"kid\", so verifiers "
                    + "cannot tell which key to check the signature with (the JavaScript SDK refuses it).");
        } else if (!decoded.containsKey("typ")) {
            findings.warning("SIGNATURE_WITHOUT_TYP", field, "The protected header has no \"typ\"; the JavaScript "
                    + "SDK's verifier refuses a signature without kid, typ and alg, so add \"typ\": \"JOSE\".");
        }
        return true;
    }

    /**
     * Checks the signatures with the keys given; the verifier reports the strongest that verifies
     * (one over the card as served before one over its 1.0 model) or why each was refused.
     */
    private void verify(JsonObject card, GivenKeys keys) {
        CardVerification best = new CardVerifier(keys.lookup(), clock).verify(card);
        if (!best.verified()) {
            outcome = new Review.Signature("refused", null, null, best.detail());
            findings.error("SIGNATURE_INVALID", "signatures", "No signature verifies with the keys given ("
                    + String.join(", ", keys.ids()) + "): " + best.detail() + ". Clients that check "
                    + "signatures will reject the card; re-sign it after every change, with a key its JWK Set lists.");
            return;
        }
        outcome = new Review.Signature("verified", best.keyId(), best.form().name(), best.detail());
        String where = ProtoJson.index("signatures", best.index());
        if (best.form() == CanonicalCard.Form.AS_SERVED) {
            findings.info("SIGNATURE_VERIFIED", where, "Verified: " + best.detail() + "; it covers every field "
                    + "of the card.");
            return;
        }
        List<String> uncovered = uncovered(card, best.covered());
        findings.info("SIGNATURE_VERIFIED", where, "Verified: " + best.detail() + " (the form the official SDKs "
                + "compute); it covers the fields of the A2A 1.0 model only"
                + (uncovered.isEmpty() ? "." : ", not " + String.join(", ", uncovered) + "."));
        if (uncovered.stream().anyMatch(V03_FIELDS::contains)) {
            findings.warning("SIGNATURE_MISSES_V03_FIELDS", where, "Only a signature over the 1.0 model form "
                    + "verifies, and it does not cover the 0.3 fields (" + String.join(", ", uncovered.stream()
                    .filter(V03_FIELDS::contains).toList()) + ") that 0.3 clients read their endpoint from; also "
                    + "sign the card as served (RFC 8785 form of the whole document) so that those are covered.");
        }
    }

    /**
     * The paths of the card's content that the covered view lacks: fields outside the 1.0 model, at
     * any depth. Empty values and {@code false} or 0 are left out, since the model form reads them
     * as absent anyway; a snake_case name counts as its camelCase one, as protobuf JSON reads it.
     */
    static List<String> uncovered(JsonObject card, JsonObject covered) {
        List<String> paths = new ArrayList<>();
        JsonObject content = JsonFactory.createObjectBuilder(card).remove("signatures").build();
        collect("", content, covered, paths);
        return paths.size() > MAX_PATHS ? List.copyOf(paths.subList(0, MAX_PATHS)) : paths;
    }

    private static void collect(String path, JsonValue value, JsonValue covered, List<String> paths) {
        if (value instanceof JsonObject object) {
            JsonObject view = covered instanceof JsonObject o ? o : JsonValue.EMPTY_JSON_OBJECT;
            object.forEach((name, member) -> {
                if (readsAsAbsent(member)) {
                    return;
                }
                JsonValue counterpart = view.containsKey(name) ? view.get(name) : view.get(camel(name));
                if (counterpart == null) {
                    paths.add(ProtoJson.path(path, camel(name)));
                } else {
                    collect(ProtoJson.path(path, camel(name)), member, counterpart, paths);
                }
            });
        } else if (value instanceof JsonArray array && covered instanceof JsonArray view) {
            for (int i = 0; i < array.size() && i < view.size(); i++) {
                collect(ProtoJson.index(path, i), array.get(i), view.get(i), paths);
            }
        }
    }

    private static boolean readsAsAbsent(JsonValue value) {
        return value == JsonValue.NULL || value == JsonValue.FALSE
                || value instanceof JsonNumber n && n.bigDecimalValue().signum() == 0
                || value instanceof JsonString s && s.getString().isEmpty()
                || value instanceof JsonArray a && a.isEmpty() || value instanceof JsonObject o && o.isEmpty();
    }

    private static String camel(String name) {
        StringBuilder camel = new StringBuilder(name.length());
        for (int i = 0; i < name.length(); i++) {
            char c = name.charAt(i);
            if (c == '_' && i + 1 < name.length()) {
                camel.append(Character.toUpperCase(name.charAt(++i)));
            } else {
                camel.append(c);
            }
        }
        return camel.toString();
    }

    private static JsonObject decode(String base64url) {
        try (JsonReader reader = JsonFactory.createReader(new StringReader(new String(
                Base64.getUrlDecoder().decode(base64url), StandardCharsets.UTF_8)))) {
            return reader.read() instanceof JsonObject object ? object : null;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
