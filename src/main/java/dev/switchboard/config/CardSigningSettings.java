package dev.switchboard.config;

import java.nio.file.Files;
import java.nio.file.Path;

/**
 * How the Agent Card is signed.
 *
 * @param enabled             whether the card carries signatures
 * @param keyFile             the PKCS#12 or PEM file with the signing key, or null for the key made
 *                            once in the data directory
 * @param keyPassword         the keystore's password, or null; never logged
 * @param keyAlias            the key's alias in its keystore, or null for its only key entry
 * @param previousKeyFile     the key that signed before a rotation, or null outside a rotation
 * @param previousKeyPassword its keystore's password, or null; never logged
 */
public record CardSigningSettings(boolean enabled, Path keyFile, char[] keyPassword, String keyAlias,
                                  Path previousKeyFile, char[] previousKeyPassword) {
    /** Signed with the key made in the data directory. */
    public static final CardSigningSettings DEFAULT = new CardSigningSettings(true, null, null, null, null, null);

    static CardSigningSettings load(SettingsLoader loader) {
        Path key = file(loader, Setting.CARD_SIGNING_KEY);
        Path previous = file(loader, Setting.CARD_SIGNING_PREVIOUS_KEY);
        if (previous != null && key == null) {
            throw new InvalidSettingException(Setting.CARD_SIGNING_PREVIOUS_KEY, previous.toString(),
                    "names the key of a rotation, which needs the new key in " + Setting.CARD_SIGNING_KEY.key());
        }
        return new CardSigningSettings(loader.bool(Setting.CARD_SIGNING_ENABLED, true), key,
                chars(loader.raw(Setting.CARD_SIGNING_KEY_PASSWORD)), loader.raw(Setting.CARD_SIGNING_KEY_ALIAS),
                previous, chars(loader.raw(Setting.CARD_SIGNING_PREVIOUS_KEY_PASSWORD)));
    }

    private static Path file(SettingsLoader loader, Setting setting) {
        String value = loader.raw(setting);
        if (value == null) {
            return null;
        }
        Path file = Path.of(value.trim());
        if (!Files.isReadable(file)) {
            throw new InvalidSettingException(setting, value, "must be a readable file");
        }
        return file;
    }

    private static char[] chars(String value) {
        return value == null ? null : value.toCharArray();
    }

    @Override
    public String toString() {
        return "CardSigningSettings[enabled=" + enabled + ", keyFile=" + keyFile + ", previousKeyFile="
                + previousKeyFile + "]";
    }
}
