package dev.switchboard.protocol.signing;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.KeyRevocation;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jose.util.Base64URL;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.time.Clock;
import java.time.Instant;
import java.time.ZoneOffset;
import java.util.Date;
import java.util.EnumSet;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;

class CardSigningTest {
    private static final Clock NOW = Clock.fixed(Instant.parse("2026-12-02T10:00:00Z"), ZoneOffset.UTC);
    private static final URI JKU = URI.create("https://agent.example.com/.well-known/agent-card-jwks.json");
    private static final EnumSet<CanonicalCard.Form> BOTH = EnumSet.allOf(CanonicalCard.Form.class);

    static JsonObject json(String text) {
        return JsonFactory.createReader(new StringReader(text)).readObject();
    }

    private static final JsonObject CARD = json("""
            {"name":"Agent","description":"Does things","version":"1.0.0",
             "supportedInterfaces":[{"url":"https://agent.example.com/a2a","protocolBinding":"JSONRPC",
               "protocolVersion":"1.0"}],
             "capabilities":{"streaming":true,"extensions":[{"uri":"urn:x","required":false}]},
             "defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],"skills":[],
             "url":"https://agent.example.com/a2a","protocolVersion":"0.3.0"}""");

    static ECKey ecKey(String id) throws Exception {
        return new ECKeyGenerator(Curve.P_256).keyID(id).keyUse(KeyUse.SIGNATURE).generate();
    }

    private static CardVerifier trusting(JWK... keys) {
        return new CardVerifier((kid, jku) -> List.of(keys).stream().filter(k -> k.getKeyID().equals(kid))
                .map(JWK::toPublicJWK).findFirst(), NOW);
    }

    @Test
    void aSignedCardVerifiesAsServedAndCoversEveryField() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, BOTH);
        assertEquals(2, signed.getJsonArray("signatures").size(), "served and 1.0 model forms differ here");
        CardVerification result = trusting(key).verify(signed);
        assertEquals(CardVerification.Status.VERIFIED, result.status(), result.detail());
        assertEquals(CanonicalCard.Form.AS_SERVED, result.form());
        assertEquals("https://agent.example.com/a2a", result.covered().getString("url"));
        JsonObject header = json(new String(new Base64URL(signed.getJsonArray("signatures").getJsonObject(0)
                .getString("protected")).decode(), StandardCharsets.UTF_8));
        assertEquals("ES256", header.getString("alg"));
        assertEquals("k1", header.getString("kid"));
        assertEquals("JOSE", header.getString("typ"));
        assertEquals(JKU.toString(), header.getString("jku"));
    }

    @Test
    void changingAFieldOnlyTheServedFormCoversLeavesTheModelFormAndItsView() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, BOTH);
        JsonObject moved = JsonFactory.createObjectBuilder(signed).add("url", "https://evil.example/a2a").build();
        CardVerification result = trusting(key).verify(moved);
        assertEquals(CardVerification.Status.VERIFIED, result.status(), result.detail());
        assertEquals(CanonicalCard.Form.V1_MODEL, result.form());
        assertFalse(result.covered().containsKey("url"), "the 0.3 url is not covered by the 1.0 model form");
        assertFalse(result.covered().getJsonObject("capabilities").getJsonArray("extensions").getJsonObject(0)
                .containsKey("required"), "proto defaults are omitted");
    }

    @Test
    void changingASignedFieldIsRefused() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, BOTH);
        JsonObject renamed = JsonFactory.createObjectBuilder(signed).add("name", "Other").build();
        CardVerification result = trusting(key).verify(renamed);
        assertEquals(CardVerification.Status.INVALID, result.status());
        assertTrue(result.detail().contains("does not match"), result.detail());
    }

    @Test
    void keyOrderAndWhitespaceDoNotMatter() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, EnumSet.of(CanonicalCard.Form.AS_SERVED));
        String reordered = "{ \"version\" : \"1.0.0\", " + signed.toString().substring(1).replace("\"version\":\"1.0.0\",", "");
        assertTrue(trusting(key).verify(json(reordered)).verified());
    }

    @Test
    void rsaKeysSignWithRs256() throws Exception {
        RSAKey key = new RSAKeyGenerator(2048).keyID("r1").generate();
        assertEquals(JWSAlgorithm.RS256, CardSigning.algorithmFor(key));
        assertTrue(trusting(key).verify(CardSigning.sign(CARD, List.of(key), JKU, BOTH)).verified());
    }

    @Test
    void duringARotationEitherKeyVerifies() throws Exception {
        ECKey current = ecKey("new");
        ECKey previous = ecKey("old");
        JsonObject signed = CardSigning.sign(CARD, List.of(current, previous), JKU, BOTH);
        assertEquals(4, signed.getJsonArray("signatures").size());
        assertEquals("new", trusting(current).verify(signed).keyId());
        assertEquals("old", trusting(previous).verify(signed).keyId());
    }

    @Test
    void unknownExpiredRevokedAndWrongUseKeysAreRefused() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, BOTH);
        assertEquals(CardVerification.Status.INVALID, trusting(ecKey("other")).verify(signed).status());
        ECKey expired = new ECKey.Builder(key).expirationTime(Date.from(NOW.instant().minusSeconds(1))).build();
        assertTrue(trusting(expired).verify(signed).detail().contains("has expired"));
        ECKey early = new ECKey.Builder(key).notBeforeTime(Date.from(NOW.instant().plusSeconds(60))).build();
        assertTrue(trusting(early).verify(signed).detail().contains("not valid yet"));
        ECKey revoked = new ECKey.Builder(key).keyRevocation(new KeyRevocation(Date.from(NOW.instant()),
                KeyRevocation.Reason.COMPROMISED)).build();
        assertTrue(trusting(revoked).verify(signed).detail().contains("revoked"));
        ECKey encryption = new ECKey.Builder(key).keyUse(KeyUse.ENCRYPTION).build();
        assertTrue(trusting(encryption).verify(signed).detail().contains("not for signatures"));
    }

    @Test
    void noneAndHmacAreRefusedBeforeAnyKeyIsLookedUp() throws Exception {
        for (String alg : List.of("none", "HS256")) {
            String header = Base64URL.encode("{\"alg\":\"" + alg + "\",\"kid\":\"k1\"}").toString();
            JsonObject forged = JsonFactory.createObjectBuilder(CARD).add("signatures", JsonFactory
                    .createArrayBuilder().add(JsonFactory.createObjectBuilder().add("protected", header)
                            .add("signature", ""))).build();
            CardVerification result = new CardVerifier((kid, jku) -> {
                throw new AssertionError("no key may be looked up for " + alg);
            }, NOW).verify(forged);
            assertEquals(CardVerification.Status.INVALID, result.status());
            assertTrue(result.detail().contains("not accepted") || result.detail().contains("not a JWS header"),
                    result.detail());
        }
    }

    @Test
    void aSignatureNoTrustedSourceCanCheckIsUntrustedNotInvalid() throws Exception {
        JsonObject signed = CardSigning.sign(CARD, List.of(ecKey("k1")), JKU, BOTH);
        CardVerification result = new CardVerifier((kid, jku) -> {
            throw new CardVerifier.KeyLookupException("jku is not on the card's origin", true);
        }, NOW).verify(signed);
        assertEquals(CardVerification.Status.UNTRUSTED, result.status());
        assertEquals(CardVerification.Status.UNSIGNED, trusting().verify(CARD).status());
    }

    @Test
    void aCardThatDoesNotFitThe10ModelHasNoModelForm() {
        JsonObject odd = json("{\"name\":\"A\",\"capabilities\":\"yes\"}");
        assertEquals(Optional.empty(), CanonicalCard.v1Model(odd));
        assertTrue(CanonicalCard.bytes(odd, CanonicalCard.Form.AS_SERVED).isPresent());
    }

    @Test
    void aCardWithAnUnpairedSurrogateHasNoCanonicalForm() throws Exception {
        // UTF-8 encoding would write '?' for it: a card naming "A", U+D800, "B" must not share the bytes of "A?B".
        JsonObject lone = json("{\"name\":\"A\\ud800B\",\"capabilities\":{}}");
        assertEquals(Optional.empty(), CanonicalCard.bytes(lone, CanonicalCard.Form.AS_SERVED));
        assertEquals(Optional.empty(), CanonicalCard.bytes(lone, CanonicalCard.Form.V1_MODEL));
        JsonObject question = JsonFactory.createObjectBuilder(CARD).add("name", "A?B").build();
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(question, List.of(key), JKU, BOTH);
        JsonObject swapped = JsonFactory.createObjectBuilder(signed).add("name", "A\ud800B").build();
        assertEquals(CardVerification.Status.INVALID, trusting(key).verify(swapped).status());
        JsonObject paired = json("{\"name\":\"\\ud83d\\ude00\",\"capabilities\":{}}");
        assertTrue(CanonicalCard.bytes(paired, CanonicalCard.Form.AS_SERVED).isPresent(), "a pair is one character");
    }

    @Test
    void canonicalBytesFollowRfc8785() {
        JsonObject value = json("{\"b\":1.0,\"a\":\"\\u00e9\\u2028\",\"c\":1E30,\"d\":[true,null,-0.0]}");
        assertEquals("{\"a\":\"\u00e9\u2028\",\"b\":1,\"c\":1e+30,\"d\":[true,null,0]}",
                new String(CanonicalCard.bytes(value, CanonicalCard.Form.AS_SERVED).orElseThrow(),
                        StandardCharsets.UTF_8));
    }

    @Test
    void aServedFormSignatureWinsWhereverItStandsInTheList() throws Exception {
        ECKey key = ecKey("k1");
        JsonObject signed = CardSigning.sign(CARD, List.of(key), JKU, BOTH);
        var served = signed.getJsonArray("signatures").get(0);
        var model = signed.getJsonArray("signatures").get(1);
        JsonObject modelFirst = JsonFactory.createObjectBuilder(signed).add("signatures",
                JsonFactory.createArrayBuilder().add(model).add(served)).build();
        CardVerification result = trusting(key).verify(modelFirst);
        assertEquals(CanonicalCard.Form.AS_SERVED, result.form(), "the client must not settle for the 1.0 model view");
        assertEquals(1, result.index());
        assertTrue(result.covered().containsKey("url"));
    }
}
