package dev.switchboard.push;

import dev.switchboard.observe.Tracing;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * One notification to a config's webhook: the target is resolved and judged by the guard (on the
 * sender's thread, never a request's), the body signed, and the POST made with the config's
 * headers. Failures come back as the reason stored with the config, which never names a resolved
 * address nor carries the config's secrets.
 */
final class WebhookCall {
    static final String CONTENT_TYPE = "application/a2a+json";

    private final WebhookGuard guard;
    private final WebhookPost post;
    private final DeliverySigner signer;
    private final Duration timeout;

    WebhookCall(WebhookGuard guard, WebhookPost post, DeliverySigner signer, Duration timeout) {
        this.guard = guard;
        this.post = post;
        this.signer = signer;
        this.timeout = timeout;
    }

    /** @return null when the webhook took it, else why not */
    String send(TaskPushNotificationConfig config, byte[] body) {
        WebhookTarget target;
        try {
            target = guard.target(config.url());
        } catch (WebhookGuard.Refused refused) {
            return "refused: " + refused.getMessage();
        } catch (IOException unresolved) {
            return "the host does not resolve";
        }
        List<Map.Entry<String, String>> headers = new ArrayList<>();
        headers.add(Map.entry("Content-Type", CONTENT_TYPE));
        if (config.authentication() != null) {
            String credentials = config.authentication().credentials();
            headers.add(Map.entry("Authorization", config.authentication().scheme()
                    + (credentials == null || credentials.isEmpty() ? "" : " " + credentials)));
        }
        if (config.token() != null && !config.token().isEmpty()) {
            headers.add(Map.entry("X-A2A-Notification-Token", config.token()));
        }
        headers.add(Map.entry(DeliverySigner.HEADER, signer.sign(body)));
        Tracing.inject((name, value) -> headers.add(Map.entry(name, value))); // the delivery's span, if any
        try {
            int status = post.post(target, body, headers, timeout);
            if (status >= 200 && status < 300) {
                return null;
            }
            return status >= 300 && status < 400 ? "answered " + status + " (redirects are not followed)"
                    : "answered " + status;
        } catch (IOException e) {
            return "could not be reached (" + e.getClass().getSimpleName() + ")";
        }
    }
}
