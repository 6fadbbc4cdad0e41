package dev.switchboard.client;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.KeyUse;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.signing.CanonicalCard;
import dev.switchboard.protocol.signing.CardSigning;
import dev.switchboard.protocol.signing.CardVerification;
import jakarta.json.JsonObject;
import java.io.StringReader;
import java.net.URI;
import java.util.EnumSet;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The client's card trust against a loopback agent serving signed, tampered and unsigned cards. */
class CardTrustTest {
    private FakeAgent agent;
    private ECKey key;

    @BeforeEach
    void start() throws Exception {
        agent = new FakeAgent();
        key = new ECKeyGenerator(Curve.P_256).keyID("card-key").keyUse(KeyUse.SIGNATURE).generate();
        agent.answer("/.well-known/agent-card-jwks.json", 200, new JWKSet(key.toPublicJWK()).toString());
    }

    @AfterEach
    void stop() {
        agent.close();
    }

    private JsonObject card(String legacyUrl) {
        String base = agent.base();
        return JsonFactory.createReader(new StringReader("""
                {"name":"Agent","description":"d","version":"1",
                 "supportedInterfaces":[{"url":"%s/a2a/jsonrpc","protocolBinding":"JSONRPC","protocolVersion":"1.0"}],
                 "capabilities":{},"defaultInputModes":["text/plain"],"defaultOutputModes":["text/plain"],
                 "skills":[],"url":"%s","protocolVersion":"0.3.0"}""".formatted(base, legacyUrl))).readObject();
    }

    private JsonObject signed(JsonObject card, String jku, EnumSet<CanonicalCard.Form> forms) {
        return CardSigning.sign(card, List.of(key), URI.create(jku), forms);
    }

    private void serve(JsonObject card) {
        agent.answer("/.well-known/agent-card.json", 200, card.toString());
    }

    private PeerCard discover(CardTrust trust) {
        return A2AClient.builder().cardTrust(trust).discover(agent.base());
    }

    private String jku() {
        return agent.base() + "/.well-known/agent-card-jwks.json";
    }

    @Test
    void aSignedCardVerifiesWithTheKeysItsOwnLoopbackOriginPublishes() {
        serve(signed(card(agent.base() + "/a2a/jsonrpc"), jku(), EnumSet.allOf(CanonicalCard.Form.class)));
        PeerCard card = discover(CardTrust.require());
        assertEquals(CardVerification.Status.VERIFIED, card.signature().status(), card.signature().detail());
        assertEquals("card-key", card.signature().keyId());
        assertEquals(CanonicalCard.Form.AS_SERVED, card.signature().form());
    }

    @Test
    void aTamperedCardIsRefusedUnlessSignaturesAreIgnored() {
        JsonObject tampered = JsonFactory.createObjectBuilder(signed(card(agent.base() + "/a2a/jsonrpc"), jku(),
                EnumSet.of(CanonicalCard.Form.AS_SERVED))).add("name", "Impostor").build();
        serve(tampered);
        A2AClientException refused = assertThrows(A2AClientException.class,
                () -> discover(CardTrust.verifyIfPresent()));
        assertTrue(refused.getMessage().contains("is refused: invalid"), refused.getMessage());
        assertNull(discover(CardTrust.ignore()).signature());
    }

    @Test
    void onlyTheFieldsAModelSignatureCoversAreUsed() {
        JsonObject card = signed(card(agent.base() + "/a2a/jsonrpc"), jku(), EnumSet.of(CanonicalCard.Form.V1_MODEL));
        serve(JsonFactory.createObjectBuilder(card).add("url", "https://elsewhere.example/a2a").build());
        PeerCard read = discover(CardTrust.require());
        assertEquals(CanonicalCard.Form.V1_MODEL, read.signature().form());
        assertTrue(read.interfaces().stream().allMatch(i -> i.protocolVersion() == ProtocolVersion.V1_0),
                "the unsigned 0.3 url is not used: " + read.interfaces());
        assertFalse(read.json().containsKey("url"));
    }

    @Test
    void unsignedCardsPassOnlyWhenSignaturesAreNotRequired() {
        serve(card(agent.base() + "/a2a/jsonrpc"));
        assertEquals(CardVerification.Status.UNSIGNED, discover(CardTrust.verifyIfPresent()).signature().status());
        assertTrue(assertThrows(A2AClientException.class, () -> discover(CardTrust.require())).getMessage()
                .contains("unsigned"));
    }

    @Test
    void aJkuOnAnotherOriginIsNotTrustedAndNotFetched() {
        serve(signed(card(agent.base() + "/a2a/jsonrpc"), "https://keys.example/jwks.json",
                EnumSet.of(CanonicalCard.Form.AS_SERVED)));
        assertEquals(CardVerification.Status.UNTRUSTED, discover(CardTrust.verifyIfPresent()).signature().status());
        assertThrows(A2AClientException.class, () -> discover(CardTrust.require()));
        assertTrue(agent.received.stream().noneMatch(r -> r.path().contains("jwks")));
    }

    @Test
    void pinnedKeysReplaceTheJkuAndAnUnknownKidIsRefused() throws Exception {
        serve(signed(card(agent.base() + "/a2a/jsonrpc"), jku(), EnumSet.of(CanonicalCard.Form.AS_SERVED)));
        String pinned = new JWKSet(key.toPublicJWK()).toString();
        assertTrue(discover(CardTrust.require().pinning(pinned)).signature().verified());
        String other = new JWKSet(new ECKeyGenerator(Curve.P_256).keyID("other").generate().toPublicJWK()).toString();
        A2AClientException refused = assertThrows(A2AClientException.class,
                () -> discover(CardTrust.verifyIfPresent().pinning(other)));
        assertTrue(refused.getMessage().contains("no trusted key 'card-key'"), refused.getMessage());
        assertTrue(agent.received.stream().noneMatch(r -> r.path().contains("jwks")), "pinned keys: no jku fetch");
    }
}
