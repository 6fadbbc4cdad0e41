package dev.switchboard.security;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.util.Arrays;
import java.util.Base64;
import java.util.Optional;
import java.util.function.Function;

/**
 * Tells who is calling from what a request presents, in this order: the operator's bearer token; an
 * API key (bearer or {@code X-API-Key}); another bearer token, given to the identity provider's
 * verifier when one is configured; an anonymous caller key ({@code X-Switchboard-Caller-Key});
 * the {@code switchboard-caller} cookie, which the web layer mints for a caller that presents
 * neither. A credential that is presented and fails is refused with its reason, never downgraded
 * to anonymous. Caller keys and cookies must look random: a key anyone could guess would share its
 * tasks with whoever guesses it.
 */
public final class CallerIdentification {
    /** The header an anonymous caller names itself with, to keep its tasks apart from others' at the same address. */
    public static final String CALLER_KEY_HEADER = "X-Switchboard-Caller-Key";
    public static final String CALLER_KEY_COOKIE = "switchboard-caller";
    public static final String API_KEY_HEADER = "X-API-Key";
    static final int MIN_CALLER_KEY = 16;
    /**
     * The least a caller key must score (see {@link #estimatedBits}): a random 16-character hex
     * string scores about 50, {@code aaaaaaaaaaaaaaaa} 0 and {@code abababababababab} 16.
     */
    static final double MIN_CALLER_KEY_BITS = 40;
    static final String KEY_PREFIX = "sbk_";
    static final String KEY_OWNER = "anon:";
    static final String COOKIE_OWNER = "cookie:";
    static final String ADDRESS_OWNER = "addr:";
    static final String TOKEN_OWNER = "oidc:";

    private final byte[] operatorToken;
    private final Function<String, Caller> apiKeys;
    private final boolean anonymousAccess;
    private final Function<String, Caller> bearerTokens;

    /**
     * @param operatorToken the operator's bearer token, or null when there is no operator access
     * @param apiKeys       verifies an API key into a caller, throwing {@link AuthenticationFailure}
     */
    public CallerIdentification(String operatorToken, Function<String, Caller> apiKeys) {
        this(operatorToken, apiKeys, true);
    }

    /** @param anonymousAccess whether callers without a credential are let in */
    public CallerIdentification(String operatorToken, Function<String, Caller> apiKeys, boolean anonymousAccess) {
        this(operatorToken, apiKeys, anonymousAccess, null);
    }

    /**
     * @param bearerTokens verifies a bearer token that is neither the operator's nor an API key
     *                     (an identity provider's access token) into a caller, throwing
     *                     {@link AuthenticationFailure}; null when no such token is accepted
     */
    public CallerIdentification(String operatorToken, Function<String, Caller> apiKeys, boolean anonymousAccess,
                                Function<String, Caller> bearerTokens) {
        this.operatorToken = operatorToken == null ? null : operatorToken.getBytes(StandardCharsets.UTF_8);
        this.apiKeys = apiKeys;
        this.anonymousAccess = anonymousAccess;
        this.bearerTokens = bearerTokens;
    }

    /** Whether callers without a credential are let in: only then is an anonymous identity worth minting. */
    public boolean admitsAnonymous() {
        return anonymousAccess;
    }

    /**
     * Identification with this server's API keys: a key that verifies is its holder, a key-holder
     * of the operator tier being the operator.
     */
    public static CallerIdentification withKeys(String operatorToken, ApiKeys keys, boolean anonymousAccess) {
        return withKeys(operatorToken, keys, anonymousAccess, null);
    }

    /** @param bearerTokens verifies an identity provider's access tokens, or null when none are accepted */
    public static CallerIdentification withKeys(String operatorToken, ApiKeys keys, boolean anonymousAccess,
                                                Function<String, Caller> bearerTokens) {
        return new CallerIdentification(operatorToken, presented -> keyHolder(keys, presented), anonymousAccess,
                bearerTokens);
    }

    /**
     * The holder of an identity provider's token: one caller per issuer and subject, so two
     * providers' equal subjects never share tasks. A holder of the operator tier is the operator.
     */
    public static Caller tokenHolder(String issuer, String subject, Tier tier) {
        if (tier == Tier.OPERATOR) {
            return new Caller(Caller.Kind.OPERATOR, null, Tier.OPERATOR, subject);
        }
        return new Caller(Caller.Kind.TOKEN, TOKEN_OWNER + digest(issuer + " " + subject), tier, subject);
    }

    private static Caller keyHolder(ApiKeys keys, String presented) {
        Verification verification = keys.verify(presented);
        if (!verification.isValid()) {
            throw new AuthenticationFailure(verification.reason().name(), switch (verification.reason()) {
                case NO_SECRET -> "API keys are not accepted: this server has no key secret configured";
                case MALFORMED -> "The API key is malformed";
                case BAD_SIGNATURE -> "The API key's signature does not match";
                case REVOKED -> "The API key was revoked";
                case EXPIRED -> "The API key has expired";
            });
        }
        ApiKey key = verification.key();
        return key.tier() == Tier.OPERATOR ? new Caller(Caller.Kind.OPERATOR, null, Tier.OPERATOR, key.label())
                : new Caller(Caller.Kind.API_KEY, "key:" + key.id(), key.tier(), key.label());
    }

    /**
     * What a request presents, read by the web layer.
     *
     * @param callerKey    the {@code X-Switchboard-Caller-Key} header, or null
     * @param callerCookie the caller cookie the client sent, or the one the web layer minted for it
     */
    public record Presented(String authorization, String apiKey, String callerKey, String callerCookie) {
    }

    /** @throws AuthenticationFailure when a presented credential is refused */
    public Caller identify(Presented presented) {
        String bearer = bearer(presented.authorization());
        if (bearer != null) {
            if (operatorToken != null && MessageDigest.isEqual(operatorToken, bearer.getBytes(StandardCharsets.UTF_8))) {
                return Caller.OPERATOR;
            }
            if (bearer.startsWith(KEY_PREFIX)) {
                return apiKeys.apply(bearer);
            }
            if (bearerTokens != null) {
                return bearerTokens.apply(bearer);
            }
            throw new AuthenticationFailure("INVALID_TOKEN", "The bearer token is not valid here");
        }
        if (presented.authorization() != null && !presented.authorization().isBlank()) {
            throw new AuthenticationFailure("UNSUPPORTED_SCHEME", "Only Bearer authorization is accepted");
        }
        if (presented.apiKey() != null && !presented.apiKey().isBlank()) {
            return apiKeys.apply(presented.apiKey().trim());
        }
        if (!anonymousAccess) {
            throw new AuthenticationFailure("CREDENTIAL_REQUIRED",
                    "Authentication required: this agent takes a bearer token or an API key");
        }
        Optional<String> callerKey = present(presented.callerKey());
        if (callerKey.isPresent()) {
            return new Caller(Caller.Kind.ANONYMOUS, KEY_OWNER + digest(guessProof(callerKey.get())), Tier.PUBLIC,
                    null);
        }
        String cookie = present(presented.callerCookie()).orElseThrow(() -> new AuthenticationFailure(
                "CALLER_UNKNOWN", "Present a credential, a caller key or the caller cookie"));
        return new Caller(Caller.Kind.ANONYMOUS, COOKIE_OWNER + digest(guessProof(cookie)), Tier.PUBLIC, null);
    }

    private static Optional<String> present(String value) {
        return Optional.ofNullable(value).map(String::trim).filter(key -> !key.isEmpty());
    }

    /**
     * The key, if nobody could guess it: long enough, and about as varied as a random one
     * (estimated from its characters' frequencies, so a repeated or patterned key is refused).
     */
    private static String guessProof(String key) {
        if (key.length() < MIN_CALLER_KEY) {
            throw new AuthenticationFailure("CALLER_KEY_TOO_SHORT", "A caller key needs at least "
                    + MIN_CALLER_KEY + " characters, so that nobody can guess it");
        }
        if (estimatedBits(key) < MIN_CALLER_KEY_BITS) {
            throw new AuthenticationFailure("CALLER_KEY_GUESSABLE", "The caller key is too regular to be"
                    + " secret; use a random value such as a UUID");
        }
        return key;
    }

    /** Length times the Shannon entropy of the key's characters: a random key scores high, {@code aaaa...} zero. */
    static double estimatedBits(String key) {
        java.util.Map<Integer, Integer> counts = new java.util.HashMap<>();
        key.codePoints().forEach(c -> counts.merge(c, 1, Integer::sum));
        int length = key.codePointCount(0, key.length());
        double bitsPerChar = 0;
        for (int count : counts.values()) {
            double p = (double) count / length;
            bitsPerChar -= p * (Math.log(p) / Math.log(2));
        }
        return bitsPerChar * length;
    }

    private static String bearer(String authorization) {
        if (authorization == null) {
            return null;
        }
        String value = authorization.trim();
        return value.regionMatches(true, 0, "Bearer ", 0, 7) ? value.substring(7).trim() : null;
    }

    /** Owners are digests: the store never holds a caller key or an address in the clear. */
    static String digest(String value) {
        try {
            byte[] hash = MessageDigest.getInstance("SHA-256").digest(String.valueOf(value).getBytes(StandardCharsets.UTF_8));
            return Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(hash, 18));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
