package dev.switchboard.config;

import dev.switchboard.security.ApiKeys;
import java.net.URI;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Set;

/** The settings about who may call and how much: credentials, limits and the model reader. */
final class AccessSettings {
    private final SettingsLoader loader;

    AccessSettings(SettingsLoader loader) {
        this.loader = loader;
    }

    ModelEndpoint model() {
        URI url = loader.optionalUrl(Setting.MODEL_URL);
        if (url == null) {
            return null;
        }
        String name = loader.raw(Setting.MODEL_NAME);
        if (name == null) {
            throw new InvalidSettingException(Setting.MODEL_NAME, null, "must be set when " + Setting.MODEL_URL.key()
                    + " is set");
        }
        return new ModelEndpoint(url, name, loader.raw(Setting.MODEL_API_KEY),
                Duration.ofSeconds(loader.integer(Setting.MODEL_TIMEOUT, 10, 1, 120)));
    }

    boolean anonymousAccess() {
        String value = loader.raw(Setting.ANONYMOUS_ACCESS);
        if (value == null || value.equalsIgnoreCase("true")) {
            return true;
        }
        if (value.equalsIgnoreCase("false")) {
            if (loader.raw(Setting.OPERATOR_TOKEN) == null && loader.raw(Setting.KEY_SECRET) == null
                    && loader.raw(Setting.OIDC_ISSUER) == null) {
                throw new InvalidSettingException(Setting.ANONYMOUS_ACCESS, value,
                        "refuses everyone: set an operator token, a key secret or an OpenID Connect issuer too");
            }
            return false;
        }
        throw new InvalidSettingException(Setting.ANONYMOUS_ACCESS, value, "must be true or false");
    }

    Settings.KeySecret keySecret() {
        String value = loader.raw(Setting.KEY_SECRET);
        if (value == null) {
            return null;
        }
        byte[] bytes;
        try {
            bytes = ApiKeys.decodeSecret(value);
        } catch (IllegalArgumentException e) {
            throw new InvalidSettingException(Setting.KEY_SECRET, null, "is not base64 text");
        }
        if (bytes.length < ApiKeys.MIN_SECRET_BYTES) {
            throw new InvalidSettingException(Setting.KEY_SECRET, null,
                    "must decode to at least " + ApiKeys.MIN_SECRET_BYTES + " bytes (keys secret makes one)");
        }
        return new Settings.KeySecret(bytes);
    }

    Set<String> revokedKeys() {
        return loader.list(Setting.REVOKED_KEYS);
    }

    RequestLimits limits() {
        RequestLimits d = RequestLimits.DEFAULT;
        return new RequestLimits(loader.integer(Setting.LIMIT_ANONYMOUS_PER_MINUTE, d.anonymousPerMinute(), 0, 1_000_000),
                loader.integer(Setting.LIMIT_KEY_PER_MINUTE, d.keyPerMinute(), 0, 1_000_000),
                loader.integer(Setting.LIMIT_DAILY, (int) d.dailyCeiling(), 0, Integer.MAX_VALUE),
                loader.integer(Setting.MAX_PARTS, d.maxParts(), 1, 10_000),
                loader.integer(Setting.MAX_TEXT_CHARS, d.maxTextChars(), 1, 100_000_000),
                loader.integer(Setting.MAX_METADATA_BYTES, d.maxMetadataBytes(), 0, 10_000_000),
                loader.integer(Setting.MAX_HISTORY, d.maxHistory(), 1, 100_000),
                loader.integer(Setting.LIMIT_FAILED_CREDENTIALS_PER_MINUTE, d.failedCredentialsPerMinute(), 0,
                        1_000_000),
                loader.integer(Setting.LIMIT_ANONYMOUS_TASKS_PER_MINUTE, d.anonymousTasksPerMinute(), 0, 1_000_000),
                loader.integer(Setting.MAX_LIST_BYTES, d.maxListBytes(), 1024, 1 << 30));
    }

    /** The blocks whose X-Forwarded-For is believed: literal addresses or CIDR blocks, never host names. */
    List<Cidr> trustedProxies() {
        List<Cidr> blocks = new ArrayList<>();
        for (String entry : loader.list(Setting.TRUSTED_PROXIES)) {
            try {
                blocks.add(Cidr.parse(entry));
            } catch (IllegalArgumentException e) {
                throw new InvalidSettingException(Setting.TRUSTED_PROXIES, entry,
                        "must list addresses or CIDR blocks such as 10.0.0.0/8 or fd00::/8 (" + e.getMessage() + ")");
            }
        }
        return List.copyOf(blocks);
    }

    String operatorToken() {
        String value = loader.raw(Setting.OPERATOR_TOKEN);
        if (value != null && value.length() < 32) {
            throw new InvalidSettingException(Setting.OPERATOR_TOKEN, null, "must be at least 32 characters long");
        }
        return value;
    }
}
