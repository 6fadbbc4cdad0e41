package dev.switchboard.skill.review;

import static dev.switchboard.skill.review.Cards.good;
import static dev.switchboard.skill.review.Cards.json;
import static dev.switchboard.skill.review.Cards.with;
import static dev.switchboard.skill.review.Cards.without;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Part;
import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Clock;
import java.util.Base64;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

/**
 * The review's signature findings, with the card-signing test vectors (signed by Switchboard and
 * by the JavaScript SDK with the test-only keys in src/test/resources/card-signing/keys).
 */
class SignatureReviewTest {
    private static final Path VECTORS = Path.of("src/test/resources/card-signing");

    private static JsonValue read(String path) throws IOException {
        return Json.createReader(Files.newBufferedReader(VECTORS.resolve(path), StandardCharsets.UTF_8)).readValue();
    }

    private static JsonObject vector(String name, String file) throws IOException {
        return read("vectors/" + name + "/" + file).asJsonObject();
    }

    private static JsonObject jwks() throws IOException {
        return read("keys/jwks.json").asJsonObject();
    }

    private static Review review(JsonObject card, JsonValue jwks) {
        return CardReview.review(card, jwks, Clock.systemUTC());
    }

    /** The signature findings only, as "SEVERITY CODE field". */
    private static Set<String> found(Review review) {
        return review.findings().stream().filter(f -> f.field().startsWith("signatures") || f.field().equals("jwks"))
                .map(f -> f.severity() + " " + f.code() + " " + f.field()).collect(Collectors.toSet());
    }

    private static String message(Review review, String code) {
        return review.findings().stream().filter(f -> f.code().equals(code)).findFirst().orElseThrow().message();
    }

    /** The card with only the signatures at these indexes. */
    private static JsonObject keeping(JsonObject card, int... indexes) {
        JsonArray all = card.getJsonArray("signatures");
        var kept = Json.createArrayBuilder();
        for (int i : indexes) {
            kept.add(all.get(i));
        }
        return with(card, "signatures", kept.build());
    }

    @Test
    void anUnsignedCardGetsAdviceThatCostsNothing() {
        Review review = review(without(good(), "signatures"), null);
        assertEquals(Set.of("INFO UNSIGNED signatures"), found(review));
        assertFalse(review.signed());
        assertEquals("unsigned", review.signature().status());
        assertTrue(review.toText().contains("Signed: no"), review.toText());
    }

    @Test
    void withoutKeysTheReviewSaysHowToHaveThemVerified() throws IOException {
        Review review = review(vector("optional-fields", "signed.json"), null);
        assertEquals(Set.of("INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertTrue(review.signed());
        assertEquals("not verified", review.signature().status());
        String message = message(review, "SIGNATURE_NOT_VERIFIED");
        assertTrue(message.contains("\"jwks\"") && message.contains("fetches nothing"), message);
    }

    @Test
    void aCardSignedAsServedVerifiesAndEveryFieldIsCovered() throws IOException {
        Review review = review(vector("dual-discovery", "signed.json"), jwks());
        assertEquals("verified", review.signature().status());
        assertEquals("test-only-es256", review.signature().keyId());
        assertEquals("AS_SERVED", review.signature().form());
        assertEquals(Set.of("INFO SIGNATURE_VERIFIED signatures[0]"), found(review));
        assertTrue(message(review, "SIGNATURE_VERIFIED").contains("covers every field"));
        assertEquals(0, review.toJson().getJsonArray("findings").stream()
                .filter(f -> f.asJsonObject().getString("severity").equals("error")).count());
    }

    @Test
    void aModelFormOnlySignatureIsVerifiedButDoesNotCoverThe03Fields() throws IOException {
        // signature 1 of the dual card: the ES256 key over the 1.0 model form (signatures.json)
        Review review = review(keeping(vector("dual-discovery", "signed.json"), 1), jwks());
        assertEquals("V1_MODEL", review.signature().form());
        assertEquals(Set.of("INFO SIGNATURE_VERIFIED signatures[0]", "WARNING SIGNATURE_MISSES_V03_FIELDS signatures[0]"),
                found(review));
        String warning = message(review, "SIGNATURE_MISSES_V03_FIELDS");
        for (String field : List.of("url", "preferredTransport", "protocolVersion", "additionalInterfaces",
                "supportsAuthenticatedExtendedCard", "security")) {
            assertTrue(warning.contains(field), warning);
        }
        assertFalse(message(review, "SIGNATURE_VERIFIED").contains("supportedInterfaces"),
                "1.0 fields are covered: " + message(review, "SIGNATURE_VERIFIED"));
    }

    @Test
    void theJavaScriptSdksSignatureVerifiesInTheReview() throws IOException {
        Review review = review(vector("security-schemes", "js-sdk-signed.json"), jwks());
        assertEquals("verified", review.signature().status());
        assertEquals("V1_MODEL", review.signature().form());
        // a pure 1.0 card: nothing outside the model, so nothing uncovered to warn about
        assertEquals(Set.of("INFO SIGNATURE_VERIFIED signatures[0]"), found(review));
    }

    @Test
    void aChangedCardIsRefusedWithTheReason() throws IOException {
        JsonObject changed = with(vector("optional-fields", "signed.json"), "name", "Someone Else");
        Review review = review(changed, jwks());
        assertEquals("refused", review.signature().status());
        assertEquals(Set.of("ERROR SIGNATURE_INVALID signatures"), found(review));
        assertTrue(message(review, "SIGNATURE_INVALID").contains("does not match the card"),
                message(review, "SIGNATURE_INVALID"));
    }

    @Test
    void keysThatDoNotIncludeTheSignersAreARefusal() throws IOException {
        JsonObject otherKey = Json.createObjectBuilder().add("keys", Json.createArrayBuilder()
                .add(Json.createObjectBuilder(jwks().getJsonArray("keys").getJsonObject(0)).add("kid", "other"))).build();
        Review review = review(vector("minimal", "signed.json"), otherKey);
        assertEquals("refused", review.signature().status());
        assertTrue(message(review, "SIGNATURE_INVALID").contains("no trusted key 'test-only-es256'"),
                message(review, "SIGNATURE_INVALID"));
    }

    @Test
    void unreadableKeysAreSaidAndTheSignaturesLeftUnverified() throws IOException {
        Review review = review(vector("minimal", "signed.json"),
                Json.createValue("https://vectors.example.com/.well-known/agent-card-jwks.json"));
        assertEquals(Set.of("INFO KEYS_UNREADABLE jwks", "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertTrue(message(review, "KEYS_UNREADABLE").contains("fetches nothing"));
        Review broken = review(vector("minimal", "signed.json"), json("{'keys':[{'kty':'EC'}]}"));
        assertTrue(found(broken).contains("INFO KEYS_UNREADABLE jwks"), found(broken).toString());
    }

    @Test
    void privateKeysSentAreWarnedAboutAndStillOnlyTheirPublicHalvesUsed() throws IOException {
        Review review = review(vector("minimal", "signed.json"), read("keys/test-only-private-keys.jwks.json"));
        assertEquals("verified", review.signature().status());
        assertTrue(found(review).contains("WARNING PRIVATE_KEY_SENT jwks"), found(review).toString());
    }

    @Test
    void malformedEntriesEachGetAClearFinding() {
        String noTyp = b64("{\"alg\":\"ES256\",\"kid\":\"k\"}");
        String none = b64("{\"alg\":\"none\",\"kid\":\"k\",\"typ\":\"JOSE\"}");
        String entries = "[{'protected':'NO_TYP','signature':'c2ln'},{'protected':'NONE','signature':'c2ln'},"
                + "{'protected':'NO_TYP','signature':'not base64url!'},{'protected':'bm90IGpzb24','signature':'c2ln'},"
                + "'just a string',{'signature':'c2ln'}]";
        JsonObject card = with(good(), "signatures", Cards.array(entries.replace("NO_TYP", noTyp)
                .replace("NONE", none)));
        Review review = review(card, null);
        assertEquals(Set.of("WARNING SIGNATURE_WITHOUT_TYP signatures[0].protected",
                "ERROR SIGNATURE_ALGORITHM_REFUSED signatures[1].protected",
                "ERROR MALFORMED_SIGNATURE signatures[2].signature",
                "ERROR MALFORMED_SIGNATURE signatures[3].protected",
                "ERROR WRONG_TYPE signatures[4]",
                "ERROR MISSING_FIELD signatures[5].protected",
                "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
    }

    @Test
    void keysComeInAWrapperOrInADataPartOfTheirOwn() throws IOException {
        JsonObject card = vector("minimal", "signed.json");
        CardInput wrapped = CardInput.find(List.of(Part.data(Json.createObjectBuilder().add("card", card)
                .add("jwks", jwks()).build())));
        assertEquals(card, wrapped.card());
        assertEquals(jwks(), wrapped.jwks());
        CardInput beside = CardInput.find(List.of(Part.data(jwks()), Part.data(card)));
        assertEquals(card, beside.card());
        assertEquals(jwks(), beside.jwks());
        CardInput inText = CardInput.find(List.of(Part.text("Check this: {\"card\": " + card + ", \"jwks\": "
                + jwks() + "} please")));
        assertEquals(card, inText.card());
        assertEquals(jwks(), inText.jwks());
        CardInput bare = CardInput.find(List.of(Part.data(card)));
        assertNull(bare.jwks());
    }

    private static String b64(String json) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(json.getBytes(StandardCharsets.UTF_8));
    }
}
