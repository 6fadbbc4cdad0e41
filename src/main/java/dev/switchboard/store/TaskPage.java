package dev.switchboard.store;

import dev.switchboard.protocol.Task;
import java.util.List;

/**
 * @param next      where the following page starts, or null on the last page
 * @param totalSize every task the query matches, across all pages
 */
public record TaskPage(List<Task> tasks, PageCursor next, long totalSize) {
    public TaskPage {
        tasks = List.copyOf(tasks);
    }
}
