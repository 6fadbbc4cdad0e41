package dev.switchboard.protocol;

import java.util.Objects;

/**
 * Where and how to deliver a task's events by webhook.
 *
 * @param id             null until the server assigns one
 * @param taskId         empty inside SendMessage's configuration
 * @param token          null when absent
 * @param authentication null when absent
 */
public record TaskPushNotificationConfig(String tenant, String id, String taskId, String url, String token,
                                         AuthenticationInfo authentication) {
    public TaskPushNotificationConfig {
        Objects.requireNonNull(url, "url");
    }

    /** The credentials the server presents to the webhook: {@code Authorization: <scheme> <credentials>}. */
    public record AuthenticationInfo(String scheme, String credentials) {
        public AuthenticationInfo {
            Objects.requireNonNull(scheme, "scheme");
        }

        @Override
        public String toString() {
            return "AuthenticationInfo[scheme=" + scheme + ", credentials=***]";
        }
    }

    @Override
    public String toString() {
        return "TaskPushNotificationConfig[id=" + id + ", taskId=" + taskId + ", url=" + url + "]";
    }
}
