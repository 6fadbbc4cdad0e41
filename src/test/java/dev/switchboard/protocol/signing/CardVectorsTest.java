package dev.switchboard.protocol.signing;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * The stored card-signing vectors hold: our canonicalization still makes their bytes (so a change
 * to it that would break every signature already served shows here first), and every stored
 * signature, ours and the JavaScript SDK's, verifies with {@link CardVerifier} in the form it was
 * made over. The V1_MODEL bytes were checked against {@code @a2a-js/sdk} 1.3.0's
 * canonicalizeAgentCard when written, and are again by JsSdkCardSignatureIT on every build.
 */
class CardVectorsTest {

    static Stream<Path> vectors() {
        return CardVectors.all().stream();
    }

    @Test
    void thereAreVectorsAndEachHasItsFiles() {
        List<Path> all = CardVectors.all();
        assertTrue(all.size() >= 10, "vectors: " + all);
        for (Path dir : all) {
            for (String name : List.of(CardVectors.CARD, CardVectors.AS_SERVED, CardVectors.V1_MODEL,
                    CardVectors.SIGNED, CardVectors.SIGNATURES, CardVectors.JS_SIGNED)) {
                assertTrue(Files.isRegularFile(dir.resolve(name)), dir.getFileName() + " lacks " + name);
            }
        }
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void canonicalBytesAreTheStoredOnes(Path dir) {
        JsonObject card = CardVectors.json(dir.resolve(CardVectors.CARD));
        assertArrayEquals(CardVectors.bytes(dir.resolve(CardVectors.AS_SERVED)),
                CanonicalCard.bytes(card, CanonicalCard.Form.AS_SERVED).orElseThrow(), dir + " as served");
        assertArrayEquals(CardVectors.bytes(dir.resolve(CardVectors.V1_MODEL)),
                CanonicalCard.bytes(card, CanonicalCard.Form.V1_MODEL).orElseThrow(), dir + " 1.0 model");
        // The signed document is the same card: signing changed nothing it covers.
        JsonObject signed = CardVectors.json(dir.resolve(CardVectors.SIGNED));
        assertArrayEquals(CardVectors.bytes(dir.resolve(CardVectors.AS_SERVED)),
                CanonicalCard.bytes(signed, CanonicalCard.Form.AS_SERVED).orElseThrow(), dir + " signed");
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void eachStoredSignatureVerifiesAloneInItsForm(Path dir) {
        JsonObject signed = CardVectors.json(dir.resolve(CardVectors.SIGNED));
        JsonArray signatures = signed.getJsonArray("signatures");
        JsonArray expected = JsonFactory.createReader(new java.io.StringReader(
                CardVectors.text(dir.resolve(CardVectors.SIGNATURES)))).readArray();
        assertEquals(expected.size(), signatures.size(), dir + ": one entry in signatures.json per signature");
        for (int i = 0; i < signatures.size(); i++) {
            JsonObject what = expected.getJsonObject(i);
            CardVerification result = CardVectors.verifier().verify(only(signed, signatures.get(i)));
            assertEquals(CardVerification.Status.VERIFIED, result.status(), dir + " #" + i + ": " + result.detail());
            assertEquals(what.getString("kid"), result.keyId());
            // Where both forms are the same bytes, the verifier names the served form, which it tries first.
            assertEquals(what.getString("form").equals("V1_MODEL") ? CanonicalCard.Form.V1_MODEL
                    : CanonicalCard.Form.AS_SERVED, result.form(), dir + " #" + i);
        }
        assertEquals(3, expected.stream().map(e -> e.asJsonObject().getString("kid")).distinct().count());
    }

    @ParameterizedTest
    @MethodSource("vectors")
    void aChangedNameVerifiesInNoForm(Path dir) {
        JsonObject signed = CardVectors.json(dir.resolve(CardVectors.SIGNED));
        for (String file : List.of(CardVectors.SIGNED, CardVectors.JS_SIGNED)) {
            JsonObject card = CardVectors.json(dir.resolve(file));
            JsonObject renamed = JsonFactory.createObjectBuilder(card).add("name", signed.getString("name") + "!")
                    .build();
            assertEquals(CardVerification.Status.INVALID, CardVectors.verifier().verify(renamed).status(),
                    dir + " " + file);
        }
    }

    /** Cards the JavaScript SDK signed (generateAgentCardSignature, ES256 and RS256) verify here. */
    @ParameterizedTest
    @MethodSource("vectors")
    void theJavaScriptSdksSignaturesVerify(Path dir) {
        JsonObject signed = CardVectors.json(dir.resolve(CardVectors.JS_SIGNED));
        JsonArray signatures = signed.getJsonArray("signatures");
        assertEquals(2, signatures.size());
        boolean same = CardVectors.text(dir.resolve(CardVectors.AS_SERVED))
                .equals(CardVectors.text(dir.resolve(CardVectors.V1_MODEL)));
        for (JsonValue signature : signatures) {
            CardVerification result = CardVectors.verifier().verify(only(signed, signature));
            assertEquals(CardVerification.Status.VERIFIED, result.status(), dir + ": " + result.detail());
            assertEquals(same ? CanonicalCard.Form.AS_SERVED : CanonicalCard.Form.V1_MODEL, result.form(),
                    dir + ": the SDK signs the 1.0 model form");
        }
    }

    /**
     * A2A 1.0 section 8.4.1's example: the spec's canonical output keeps the empty required
     * {@code description} and {@code skills}, while the JavaScript SDK 1.3.0 (and so our V1_MODEL
     * form) removes every empty value (a2a-js#627); the served form keeps everything the card has.
     */
    @Test
    void theSpecExampleHasThreeDifferentCanonicalStrings() {
        Path dir = CardVectors.ROOT.resolve("vectors").resolve("spec-example");
        String spec = CardVectors.text(dir.resolve("spec-8.4.1-output.jcs"));
        String sdk = "{\"capabilities\":{\"pushNotifications\":false,\"streaming\":false},\"name\":\"Example Agent\"}";
        String served = "{\"capabilities\":{\"extensions\":[],\"pushNotifications\":false,\"streaming\":false},"
                + "\"description\":\"\",\"name\":\"Example Agent\",\"skills\":[]}";
        assertEquals("{\"capabilities\":{\"pushNotifications\":false,\"streaming\":false},\"description\":\"\","
                + "\"name\":\"Example Agent\",\"skills\":[]}", spec);
        assertEquals(sdk, CardVectors.text(dir.resolve(CardVectors.V1_MODEL)));
        assertEquals(served, CardVectors.text(dir.resolve(CardVectors.AS_SERVED)));
        assertNotEquals(spec, sdk);
        assertNotEquals(spec, served);
        byte[] specBytes = spec.getBytes(StandardCharsets.UTF_8);
        JsonObject card = CardVectors.json(dir.resolve(CardVectors.CARD));
        for (CanonicalCard.Form form : CanonicalCard.Form.values()) {
            assertFalse(java.util.Arrays.equals(specBytes, CanonicalCard.bytes(card, form).orElseThrow()), form.name());
        }
    }

    /**
     * Cards that do not fit the 1.0 model, where the JavaScript SDK coerces (ts-proto's fromJSON)
     * and protobuf JSON refuses or reads differently: divergent.json records both results. Where
     * they differ, a signature in the model form made by one does not verify with the other, so the
     * difference fails closed; none of these is a card the 1.0 schema allows.
     */
    @Test
    void cardsOutsideThe10ModelAreRecordedWithBothResults() {
        JsonArray cases = JsonFactory.createReader(new java.io.StringReader(
                CardVectors.text(CardVectors.ROOT.resolve("divergent.json")))).readArray();
        assertTrue(cases.size() >= 10);
        for (JsonValue value : cases) {
            JsonObject entry = value.asJsonObject();
            var ours = CanonicalCard.bytes(entry.getJsonObject("card"), CanonicalCard.Form.V1_MODEL)
                    .map(b -> new String(b, StandardCharsets.UTF_8));
            String name = entry.getString("name");
            if (entry.isNull("switchboard")) {
                assertTrue(ours.isEmpty(), name + ": " + ours);
            } else {
                assertEquals(entry.getString("switchboard"), ours.orElseThrow(), name);
            }
            assertNotEquals(entry.getString("jsSdk"), ours.orElse(null), name + " is a difference");
        }
    }

    private static JsonObject only(JsonObject card, JsonValue signature) {
        return JsonFactory.createObjectBuilder(card).add("signatures", JsonFactory.createArrayBuilder().add(signature))
                .build();
    }
}
