package dev.switchboard.client;

import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import dev.switchboard.protocol.signing.CanonicalCard;
import dev.switchboard.protocol.signing.CardVerification;
import dev.switchboard.protocol.signing.CardVerifier;
import java.net.InetAddress;
import java.net.URI;
import java.net.UnknownHostException;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.text.ParseException;
import java.time.Clock;
import java.util.HashMap;
import java.util.Map;
import java.util.Optional;

/**
 * Applies a {@link CardTrust} to a discovered card: verifies its signatures, refuses it when the
 * policy says so, and when only a 1.0-model signature verified, hands on the card as that
 * signature covers it (without the fields it does not cover, such as the 0.3 discovery fields).
 */
final class CardSignatureCheck {
    private CardSignatureCheck() {
    }

    /**
     * @return the card to use, with its verification
     * @throws A2AClientException when the policy refuses the card
     */
    static PeerCard apply(PeerCard card, CardTrust trust, HttpCaller http, Clock clock) {
        if (trust.policy() == CardTrust.Policy.IGNORE) {
            return card;
        }
        Map<URI, JWKSet> fetched = new HashMap<>();
        CardVerification result = new CardVerifier((kid, jku) -> lookup(trust, card.cardUrl(), kid, jku, http,
                fetched), clock).verify(card.json());
        boolean acceptable = switch (result.status()) {
            case VERIFIED -> true;
            case UNSIGNED, UNTRUSTED -> trust.policy() == CardTrust.Policy.VERIFY_IF_PRESENT;
            case INVALID -> false;
        };
        if (!acceptable) {
            throw new A2AClientException("the Agent Card at " + card.cardUrl() + " is refused: "
                    + result.status().name().toLowerCase(java.util.Locale.ROOT) + " (" + result.detail() + ")");
        }
        PeerCard read = result.verified() && result.form() == CanonicalCard.Form.V1_MODEL
                ? CardReader.read(card.cardUrl(), result.covered(), card.trace()) : card;
        return read.withSignature(result);
    }

    private static Optional<JWK> lookup(CardTrust trust, URI cardUrl, String kid, URI jku, HttpCaller http,
                                        Map<URI, JWKSet> fetched) throws CardVerifier.KeyLookupException {
        if (trust.pinned() != null) {
            return Optional.ofNullable(kid == null ? null : trust.pinned().getKeyByKeyId(kid));
        }
        if (jku == null) {
            throw new CardVerifier.KeyLookupException("the signature names no jku and no keys are pinned", true);
        }
        if (!sameOrigin(cardUrl, jku) || !("https".equals(jku.getScheme()) || isLoopback(jku))) {
            throw new CardVerifier.KeyLookupException("jku " + jku + " is not on the card's origin over https", true);
        }
        JWKSet keys = fetched.get(jku);
        if (keys == null) {
            keys = fetch(jku, http);
            fetched.put(jku, keys);
        }
        return Optional.ofNullable(kid == null ? null : keys.getKeyByKeyId(kid));
    }

    private static JWKSet fetch(URI jku, HttpCaller http) throws CardVerifier.KeyLookupException {
        HttpResponse<byte[]> response;
        try {
            response = http.get(jku, "application/jwk-set+json, application/json");
        } catch (A2AClientException e) {
            throw new CardVerifier.KeyLookupException("the JWK Set at " + jku + " could not be read: "
                    + e.getMessage(), false);
        }
        if (response.statusCode() != 200) {
            throw new CardVerifier.KeyLookupException("the JWK Set at " + jku + " answered HTTP "
                    + response.statusCode(), false);
        }
        try {
            return JWKSet.parse(new String(response.body(), StandardCharsets.UTF_8)).toPublicJWKSet();
        } catch (ParseException e) {
            throw new CardVerifier.KeyLookupException("the document at " + jku + " is not a JWK Set", false);
        }
    }

    private static boolean sameOrigin(URI a, URI b) {
        return a.getScheme() != null && a.getScheme().equalsIgnoreCase(b.getScheme()) && a.getHost() != null
                && a.getHost().equalsIgnoreCase(b.getHost()) && port(a) == port(b);
    }

    private static int port(URI uri) {
        return uri.getPort() != -1 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
    }

    private static boolean isLoopback(URI uri) {
        String host = uri.getHost();
        if (host == null) {
            return false;
        }
        if (host.equalsIgnoreCase("localhost")) {
            return true;
        }
        try {
            // a literal only: no name is resolved to decide trust
            return host.matches("[0-9.]+|\\[[0-9a-fA-F:]+\\]") && InetAddress.getByName(host).isLoopbackAddress();
        } catch (UnknownHostException e) {
            return false;
        }
    }
}
