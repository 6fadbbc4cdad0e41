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
 * API key (bearer or {@code X-API-Key}); an anonymous caller key ({@code X-Switchboard-Caller-Key}
 * or the {@code switchboard-caller} cookie); else the client's address. A credential that is
 * presented and fails is refused with its reason, never downgraded to anonymous.
 */
public final class CallerIdentification {
    /** The header an anonymous caller names itself with, to keep its tasks apart from others' at the same address. */
    public static final String CALLER_KEY_HEADER = "X-Switchboard-Caller-Key";
    public static final String CALLER_KEY_COOKIE = "switchboard-caller";
    public static final String API_KEY_HEADER = "X-API-Key";
    static final int MIN_CALLER_KEY = 16;
    static final String KEY_PREFIX = "sbk_";

    private final byte[] operatorToken;
    private final Function<String, Caller> apiKeys;
    private final boolean anonymousAccess;

    /**
     * @param operatorToken the operator's bearer token, or null when there is no operator access
     * @param apiKeys       verifies an API key into a caller, throwing {@link AuthenticationFailure}
     */
    public CallerIdentification(String operatorToken, Function<String, Caller> apiKeys) {
        this(operatorToken, apiKeys, true);
    }

    /** @param anonymousAccess whether callers without a credential are let in */
    public CallerIdentification(String operatorToken, Function<String, Caller> apiKeys, boolean anonymousAccess) {
        this.operatorToken = operatorToken == null ? null : operatorToken.getBytes(StandardCharsets.UTF_8);
        this.apiKeys = apiKeys;
        this.anonymousAccess = anonymousAccess;
    }

    /**
     * Identification with this server's API keys: a key that verifies is its holder, a key-holder
     * of the operator tier being the operator.
     */
    public static CallerIdentification withKeys(String operatorToken, ApiKeys keys, boolean anonymousAccess) {
        return new CallerIdentification(operatorToken, presented -> keyHolder(keys, presented), anonymousAccess);
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

    /** What a request presents, read by the web layer. */
    public record Presented(String authorization, String apiKey, String callerKey, String address) {
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
                    "This agent requires a credential: a bearer token or an API key");
        }
        Optional<String> callerKey = Optional.ofNullable(presented.callerKey()).map(String::trim)
                .filter(key -> !key.isEmpty());
        if (callerKey.isPresent()) {
            if (callerKey.get().length() < MIN_CALLER_KEY) {
                throw new AuthenticationFailure("CALLER_KEY_TOO_SHORT", "A caller key needs at least "
                        + MIN_CALLER_KEY + " characters, so that nobody can guess it");
            }
            return new Caller(Caller.Kind.ANONYMOUS, "anon:" + digest(callerKey.get()), Tier.PUBLIC, null);
        }
        return new Caller(Caller.Kind.ANONYMOUS, "addr:" + digest(presented.address()), Tier.PUBLIC, null);
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
