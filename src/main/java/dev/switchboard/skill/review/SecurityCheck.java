package dev.switchboard.skill.review;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.json.ProtoJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.Map;

/**
 * Security schemes and requirements in both lines' shapes, and signatures. Signatures are only
 * checked for shape: verifying them needs key retrieval and JCS canonicalization, which this server
 * does not have, and a review never fetches anything.
 */
final class SecurityCheck {
    // 1.0 names a scheme's kind by the oneof member that holds it; 0.3 by its "type".
    private static final Map<String, String> V10_KINDS = Map.of("apiKeySecurityScheme", "apiKey",
            "httpAuthSecurityScheme", "http", "oauth2SecurityScheme", "oauth2",
            "openIdConnectSecurityScheme", "openIdConnect", "mtlsSecurityScheme", "mutualTLS");

    private final Findings findings;
    private final List<Review.Scheme> schemes = new ArrayList<>();
    private boolean signed;

    SecurityCheck(Findings findings) {
        this.findings = findings;
    }

    List<Review.Scheme> schemes() {
        return schemes;
    }

    boolean signed() {
        return signed;
    }

    void run(JsonObject card) {
        JsonObject declared = findings.object(card, "", "securitySchemes");
        if (declared == null || declared.isEmpty()) {
            findings.info("NO_SECURITY_SCHEMES", "securitySchemes", "The card declares no security schemes, so "
                    + "clients will call the agent anonymously; declare one if the agent needs credentials.");
        } else {
            declared.forEach((name, scheme) -> schemes.add(new Review.Scheme(name, kind(name, scheme))));
        }
        JsonArray v10 = findings.array(card, "", "securityRequirements");
        if (v10 != null) {
            List<JsonObject> entries = findings.objects(v10, "securityRequirements");
            for (int i = 0; i < entries.size(); i++) {
                String path = ProtoJson.index("securityRequirements", i);
                JsonObject named = entries.get(i) == null ? null : findings.object(entries.get(i), path, "schemes");
                references(declared, named, ProtoJson.path(path, "schemes"));
            }
        }
        JsonArray v03 = findings.array(card, "", "security");
        if (v03 != null) {
            List<JsonObject> entries = findings.objects(v03, "security");
            for (int i = 0; i < entries.size(); i++) {
                references(declared, entries.get(i), ProtoJson.index("security", i));
            }
        }
        signatures(card);
    }

    private String kind(String name, JsonValue scheme) {
        String path = ProtoJson.path("securitySchemes", name);
        if (scheme instanceof JsonObject object) {
            if (object.get("type") instanceof jakarta.json.JsonString type) {
                return type.getString();
            }
            for (String member : object.keySet()) {
                if (V10_KINDS.containsKey(member)) {
                    return V10_KINDS.get(member);
                }
            }
        }
        findings.warning("UNKNOWN_SECURITY_SCHEME", path, "Clients cannot tell how to authenticate with \"" + name
                + "\": give it one of apiKeySecurityScheme, httpAuthSecurityScheme, oauth2SecurityScheme, "
                + "openIdConnectSecurityScheme, mtlsSecurityScheme (1.0) or a \"type\" (0.3).");
        return "unknown";
    }

    private void references(JsonObject declared, JsonObject named, String path) {
        if (named == null) {
            return;
        }
        for (String name : named.keySet()) {
            if (declared == null || !declared.containsKey(name)) {
                findings.error("UNDECLARED_SECURITY_SCHEME", ProtoJson.path(path, name), "The requirement names "
                        + "scheme \"" + name + "\", which securitySchemes does not declare; clients cannot satisfy it.");
            }
        }
    }

    private void signatures(JsonObject card) {
        JsonArray signatures = findings.array(card, "", "signatures");
        if (signatures == null || signatures.isEmpty()) {
            findings.info("UNSIGNED", "signatures", "The card is not signed, so clients cannot tell whether it was "
                    + "altered on the way; sign it (JWS over the JCS-canonical card) if clients rely on it.");
            return;
        }
        signed = true;
        List<JsonObject> entries = findings.objects(signatures, "signatures");
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) != null) {
                signature(entries.get(i), ProtoJson.index("signatures", i));
            }
        }
        findings.info("SIGNATURE_NOT_VERIFIED", "signatures", "The card carries " + signatures.size()
                + " signature(s); they were not verified, because this review cannot verify card signatures yet.");
    }

    private void signature(JsonObject signature, String path) {
        String why = "a JWS signature needs its protected header and its signature value.";
        String header = findings.requiredString(signature, path, "protected", why);
        findings.requiredString(signature, path, "signature", why);
        if (header == null) {
            return;
        }
        JsonObject decoded = decode(header);
        String field = ProtoJson.path(path, "protected");
        if (decoded == null) {
            findings.error("MALFORMED_SIGNATURE", field, "The protected header is not base64url-encoded JSON; "
                    + "verifiers will reject this signature.");
        } else if (!(decoded.get("alg") instanceof jakarta.json.JsonString)) {
            findings.error("MALFORMED_SIGNATURE", field, "The protected header has no \"alg\"; verifiers cannot "
                    + "tell how the card was signed.");
        } else if (!decoded.containsKey("kid")) {
            findings.warning("SIGNATURE_WITHOUT_KID", field, "The protected header has no \"kid\", so verifiers "
                    + "cannot tell which key to check the signature with.");
        }
    }

    private static JsonObject decode(String base64url) {
        try (JsonReader reader = JsonFactory.createReader(new StringReader(new String(
                Base64.getUrlDecoder().decode(base64url.replace("=", "")), StandardCharsets.UTF_8)))) {
            return reader.read() instanceof JsonObject object ? object : null;
        } catch (RuntimeException e) {
            return null;
        }
    }
}
