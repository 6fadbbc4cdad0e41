package dev.switchboard.protocol.request;

import java.util.Objects;

/**
 * ListTaskPushNotificationConfigs.
 *
 * @param pageSize  null for the default
 * @param pageToken null or empty for the first page
 */
public record ListTaskPushNotificationConfigsRequest(String taskId, Integer pageSize, String pageToken) {
    public static final int DEFAULT_PAGE_SIZE = 50;
    public static final int MAX_PAGE_SIZE = 100;

    public ListTaskPushNotificationConfigsRequest {
        Objects.requireNonNull(taskId, "taskId");
    }

    public int effectivePageSize() {
        return pageSize == null || pageSize == 0 ? DEFAULT_PAGE_SIZE : pageSize;
    }
}
