package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.request.FieldLimits;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.PageCursor;
import dev.switchboard.store.TaskPage;
import dev.switchboard.store.TaskQuery;
import dev.switchboard.store.TaskStore;
import java.util.List;

/**
 * ListTasks: pages of the caller's tasks (every task for the operator) in the store's order, with
 * page tokens this server issues; a page ends early rather than pass its byte budget.
 */
final class TaskLists {
    private final TaskStore store;
    private final int maxListBytes;

    TaskLists(TaskStore store, int maxListBytes) {
        this.store = store;
        this.maxListBytes = maxListBytes;
    }

    ListTasksResponse list(ListTasksRequest request, ServerCallContext call) {
        FieldLimits.check(request);
        PageCursor after = null;
        if (request.pageToken() != null && !request.pageToken().isEmpty()) {
            after = PageCursor.parse(request.pageToken())
                    .orElseThrow(() -> A2AException.invalidField("pageToken", "is not a token this server issued"));
        }
        if (request.historyLength() != null && request.historyLength() < 0) {
            throw A2AException.invalidField("historyLength", "must not be negative");
        }
        int pageSize = request.effectivePageSize();
        if (pageSize < 1 || pageSize > ListTasksRequest.MAX_PAGE_SIZE) {
            throw A2AException.invalidField("pageSize", "must be between 1 and " + ListTasksRequest.MAX_PAGE_SIZE);
        }
        // a list is a page of summaries: histories are left out unless asked for, as artifacts are
        // (the official Java SDK does the same), and the page ends early rather than pass its byte
        // budget, so a page stays small whatever the conversations
        int historyLength = request.historyLength() == null ? 0 : request.historyLength();
        boolean artifacts = request.includeArtifacts();
        TaskPage page = store.list(new TaskQuery(call.owner(), request.contextId(), request.status(),
                request.statusTimestampAfter() == null ? null : request.statusTimestampAfter().toEpochMilli(), after,
                pageSize, task -> TaskViews.withHistory(artifacts ? task : TaskViews.withoutArtifacts(task),
                historyLength), maxListBytes));
        List<Task> tasks = page.tasks();
        return new ListTasksResponse(tasks, page.next() == null ? "" : page.next().token(), tasks.size(),
                (int) Math.min(Integer.MAX_VALUE, page.totalSize()));
    }
}
