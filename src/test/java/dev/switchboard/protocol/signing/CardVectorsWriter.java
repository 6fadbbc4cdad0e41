package dev.switchboard.protocol.signing;

import static dev.switchboard.protocol.signing.CardVectors.AS_SERVED;
import static dev.switchboard.protocol.signing.CardVectors.CARD;
import static dev.switchboard.protocol.signing.CardVectors.SIGNATURES;
import static dev.switchboard.protocol.signing.CardVectors.SIGNED;
import static dev.switchboard.protocol.signing.CardVectors.V1_MODEL;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.util.Base64URL;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import jakarta.json.stream.JsonGenerator;
import java.io.IOException;
import java.io.StringReader;
import java.io.StringWriter;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.EnabledIfSystemProperty;

/**
 * Writes the vectors' canonical bytes and signatures from their {@code card.json}; run only on
 * purpose ({@code -Dcard.vectors.write=true}), since ECDSA signatures differ on every run and the
 * stored ones are the vectors. {@link CardVectorsTest} then checks what this wrote.
 */
@EnabledIfSystemProperty(named = "card.vectors.write", matches = "true")
class CardVectorsWriter {
    static final URI JKU = URI.create("https://vectors.example.com/.well-known/agent-card-jwks.json");

    @Test
    void write() throws IOException {
        List<JWK> keys = CardVectors.privateKeys();
        for (Path dir : CardVectors.all()) {
            JsonObject card = CardVectors.json(dir.resolve(CARD));
            byte[] served = CanonicalCard.bytes(card, CanonicalCard.Form.AS_SERVED).orElseThrow();
            byte[] model = CanonicalCard.bytes(card, CanonicalCard.Form.V1_MODEL).orElseThrow();
            Files.write(dir.resolve(AS_SERVED), served);
            Files.write(dir.resolve(V1_MODEL), model);
            JsonObject signed = CardSigning.sign(card, keys, JKU, EnumSet.allOf(CanonicalCard.Form.class));
            Files.writeString(dir.resolve(SIGNED), pretty(signed), StandardCharsets.UTF_8);
            Files.writeString(dir.resolve(SIGNATURES), pretty(forms(signed, served, model)), StandardCharsets.UTF_8);
        }
    }

    /** What each signature of the signed card covers, in order: kid, alg and form. */
    private static JsonValue forms(JsonObject signed, byte[] served, byte[] model) {
        boolean same = Arrays.equals(served, model);
        JsonArrayBuilder entries = JsonFactory.createArrayBuilder();
        String previousKid = null;
        for (JsonValue entry : signed.getJsonArray("signatures")) {
            JsonObject header = JsonFactory.createReader(new StringReader(new String(new Base64URL(
                    entry.asJsonObject().getString("protected")).decode(), StandardCharsets.UTF_8))).readObject();
            String kid = header.getString("kid");
            // CardSigning writes the served form first, then the model form where it differs.
            String form = same ? "BOTH" : kid.equals(previousKid) ? "V1_MODEL" : "AS_SERVED";
            previousKid = kid;
            entries.add(JsonFactory.createObjectBuilder().add("kid", kid).add("alg", header.getString("alg"))
                    .add("form", form));
        }
        return entries.build();
    }

    static String pretty(JsonValue value) {
        StringWriter out = new StringWriter();
        try (var writer = JsonFactory.createWriterFactory(Map.of(JsonGenerator.PRETTY_PRINTING, true))
                .createWriter(out)) {
            writer.write(value);
        }
        return out.toString().strip() + "\n";
    }
}
