package dev.switchboard.skill.review;

import dev.switchboard.protocol.json.ProtoJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * Security schemes and requirements in both lines' shapes. Signatures are {@link SignatureCheck}'s.
 */
final class SecurityCheck {
    // 1.0 names a scheme's kind by the oneof member that holds it; 0.3 by its "type".
    private static final Map<String, String> V10_KINDS = Map.of("apiKeySecurityScheme", "apiKey",
            "httpAuthSecurityScheme", "http", "oauth2SecurityScheme", "oauth2",
            "openIdConnectSecurityScheme", "openIdConnect", "mtlsSecurityScheme", "mutualTLS");

    private final Findings findings;
    private final List<Review.Scheme> schemes = new ArrayList<>();

    SecurityCheck(Findings findings) {
        this.findings = findings;
    }

    List<Review.Scheme> schemes() {
        return schemes;
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
}
