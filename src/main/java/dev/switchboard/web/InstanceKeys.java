package dev.switchboard.web;

import dev.switchboard.card.CardSigningKeys;
import dev.switchboard.config.Settings;
import dev.switchboard.push.DeliverySigner;
import dev.switchboard.store.SecretBox;
import dev.switchboard.store.SharedKeys;
import java.time.Clock;
import java.util.LinkedHashMap;
import java.util.Map;

/** The keys an instance keeps in its data directory, as {@link SharedKeys} compares them. */
final class InstanceKeys {
    private InstanceKeys() {
    }

    /**
     * The keys this instance made in its data directory that its peers on a shared database must
     * hold too; read in the background, when the database is known to be shared.
     */
    static Map<String, SharedKeys.Key> of(Settings settings, CardSigningKeys cardKeys, Clock clock) {
        Map<String, SharedKeys.Key> keys = new LinkedHashMap<>();
        if (settings.push().enabled()) {
            keys.put("push-secrets", new SharedKeys.Key("push-secrets.key",
                    () -> SecretBox.inDirectory(settings.dataDir()).fingerprint()));
            keys.put("push-signing", new SharedKeys.Key("push-signing-key.jwk",
                    () -> DeliverySigner.inDirectory(settings.dataDir(), clock).thumbprint()));
        }
        if (cardKeys != null) {
            cardKeys.madeKeyThumbprint().ifPresent(thumbprint -> keys.put("card-signing",
                    new SharedKeys.Key("card-signing-key.jwk", () -> thumbprint)));
        }
        return keys;
    }

}
