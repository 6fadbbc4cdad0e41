package dev.switchboard.protocol.request;

import dev.switchboard.protocol.TaskState;
import java.time.Instant;

/**
 * ListTasks filters and paging; every filter is null when unset.
 *
 * @param pageSize 1..100, null for the default (50)
 */
public record ListTasksRequest(String tenant, String contextId, TaskState status, Instant statusTimestampAfter,
                               Integer pageSize, String pageToken, Integer historyLength, boolean includeArtifacts) {
    public static final int DEFAULT_PAGE_SIZE = 50;
    public static final int MAX_PAGE_SIZE = 100;

    public int effectivePageSize() {
        return pageSize == null ? DEFAULT_PAGE_SIZE : pageSize;
    }
}
