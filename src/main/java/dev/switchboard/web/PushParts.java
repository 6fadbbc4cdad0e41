package dev.switchboard.web;

import dev.switchboard.config.Settings;
import dev.switchboard.observe.Metrics;
import dev.switchboard.push.DeliverySigner;
import dev.switchboard.push.PushDelivery;
import dev.switchboard.push.RetrySchedule;
import dev.switchboard.push.StreamResponseEncoder;
import dev.switchboard.push.V03TaskEncoder;
import dev.switchboard.push.WebhookGuard;
import dev.switchboard.push.WebhookPost;
import dev.switchboard.store.JpaPushConfigStore;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.SecretBox;
import dev.switchboard.store.StoreOpening;
import dev.switchboard.store.TaskDatabase;
import dev.switchboard.store.TaskStore;
import dev.switchboard.task.PushConfigs;
import dev.switchboard.task.TaskEvents;
import java.time.Clock;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * Push notifications as the server assembles them: the configs clients manage, and, when push is
 * on, the signer and the delivery that every published event nudges.
 *
 * @param delivery null when push is off
 * @param signer   null when push is off
 */
record PushParts(PushConfigs configs, PushDelivery delivery, DeliverySigner signer) implements AutoCloseable {
    private static final Logger LOG = Logger.getLogger(PushParts.class.getName());

    static PushParts assemble(Settings settings, TaskStore store, StoreOpening opening, TaskEvents events,
                              Clock clock, Metrics metrics) {
        if (!settings.push().enabled()) {
            return new PushParts(PushConfigs.disabled(store), null, null);
        }
        WebhookGuard guard = new WebhookGuard(settings.push());
        SecretBox secrets = SecretBox.inDirectory(settings.dataDir());
        PushConfigStore configs = opening.deferred(PushConfigStore.class,
                db -> new JpaPushConfigStore(db.entityManagerFactory(), secrets, clock));
        DeliverySigner signer = DeliverySigner.inDirectory(settings.dataDir(), clock);
        PushDelivery delivery = new PushDelivery(configs, store, guard, new WebhookPost(), signer,
                List.of(new StreamResponseEncoder(), new V03TaskEncoder()), RetrySchedule.DEFAULT, clock,
                settings.push().threads(), settings.push().timeout(), metrics, settings.instanceId());
        events.afterEveryPublish(delivery::stored);
        return new PushParts(new PushConfigs(store, configs, guard, settings.push().maxConfigsPerTask(),
                settings.push().maxConfigsPerCaller()), delivery, signer);
    }

    /** Deliveries resume once the store is open and reconciled, and the signing key loaded. */
    void startOnceOpen(CompletableFuture<TaskDatabase> database) {
        if (delivery == null) {
            return;
        }
        database.thenRun(signer::jwks).thenRun(delivery::start).exceptionally(failure -> {
            LOG.log(Level.SEVERE, "Push notifications are not delivered: " + failure.getMessage(), failure);
            return null;
        });
    }

    Optional<String> notificationKeys() {
        return Optional.ofNullable(signer).map(DeliverySigner::jwks);
    }

    @Override
    public void close() {
        if (delivery != null) {
            delivery.close();
        }
    }
}
