package dev.switchboard.protocol.request;

import dev.switchboard.protocol.Task;
import java.util.List;
import java.util.Objects;

/**
 * @param nextPageToken {@code ""} on the last page
 * @param pageSize      the number of tasks on this page
 * @param totalSize     all matching tasks, before paging
 */
public record ListTasksResponse(List<Task> tasks, String nextPageToken, int pageSize, int totalSize) {
    public ListTasksResponse {
        tasks = List.copyOf(tasks);
        Objects.requireNonNull(nextPageToken, "nextPageToken");
    }
}
