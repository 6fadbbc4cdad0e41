package dev.switchboard.protocol.request;

import dev.switchboard.protocol.TaskPushNotificationConfig;
import java.util.List;

/**
 * @param pushNotificationConfig null when absent
 * @param historyLength          null when unset (no client limit)
 * @param returnImmediately      answer as soon as the task exists instead of waiting for it to
 *                               finish or need input
 */
public record SendMessageConfiguration(List<String> acceptedOutputModes,
                                       TaskPushNotificationConfig pushNotificationConfig, Integer historyLength,
                                       boolean returnImmediately) {
    public static final SendMessageConfiguration DEFAULT = new SendMessageConfiguration(List.of(), null, null, false);

    public SendMessageConfiguration {
        acceptedOutputModes = acceptedOutputModes == null ? List.of() : List.copyOf(acceptedOutputModes);
    }
}
