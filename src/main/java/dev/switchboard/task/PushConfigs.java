package dev.switchboard.task;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.ProtocolVersion;
import dev.switchboard.protocol.TaskPushNotificationConfig;
import dev.switchboard.protocol.TaskPushNotificationConfig.AuthenticationInfo;
import dev.switchboard.protocol.request.FieldLimits;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsRequest;
import dev.switchboard.protocol.request.ListTaskPushNotificationConfigsResponse;
import dev.switchboard.protocol.request.TaskPushNotificationConfigRequest;
import dev.switchboard.skill.ServerCallContext;
import dev.switchboard.store.PushConfigStore;
import dev.switchboard.store.StoredPushConfig;
import dev.switchboard.store.StoredTask;
import dev.switchboard.store.TaskStore;
import java.util.Arrays;
import java.util.Base64;
import java.util.List;
import java.util.Map;
import java.util.function.UnaryOperator;
import java.util.Objects;
import java.util.Optional;
import java.util.UUID;
import java.util.regex.Pattern;

/**
 * The four push-notification config operations, and the registration of a config sent inside
 * SendMessage. A config belongs to its task: whoever may not see the task gets "task not found".
 * Every URL passes the webhook check before it is stored; every header value is checked so that
 * it cannot split a header. Each config is a signed POST per event to a URL of the caller's
 * choosing, so a task may have only so many, and so may the owner of unfinished tasks (the
 * operator's own tasks aside): one more is invalid params naming the limit.
 */
public final class PushConfigs {
    static final int MAX_ID = FieldLimits.PUSH_CONFIG_ID;
    static final int MAX_SECRET = FieldLimits.PUSH_SECRET;
    /** RFC 9110 token characters: what an authentication scheme may consist of. */
    private static final Pattern SCHEME = Pattern.compile("[A-Za-z0-9!#$%&'*+.^_`|~-]+");
    /** Visible ASCII and space: nothing that could end a header line. */
    private static final Pattern HEADER_VALUE = Pattern.compile("[\\x20-\\x7E]*");

    private final TaskStore tasks;
    private final PushConfigStore configs;
    private final WebhookCheck webhooks;
    private final boolean enabled;
    private final int maxPerTask;
    private final int maxPerOwner;
    /**
     * Counting and saving under one lock per owner keeps simultaneous creates from passing a limit
     * together; on one instance, that is (instances sharing a database count apart).
     */
    private final Object[] ownerLocks = new Object[64];

    /**
     * @param maxPerTask  configs one task may have; 0 for no limit
     * @param maxPerOwner configs one owner's unfinished tasks may have, cut-off ones not counted; 0 for no limit
     */
    public PushConfigs(TaskStore tasks, PushConfigStore configs, WebhookCheck webhooks, int maxPerTask,
                       int maxPerOwner) {
        this(tasks, configs, webhooks, true, maxPerTask, maxPerOwner);
    }

    private PushConfigs(TaskStore tasks, PushConfigStore configs, WebhookCheck webhooks, boolean enabled,
                        int maxPerTask, int maxPerOwner) {
        this.tasks = tasks;
        this.configs = configs;
        this.webhooks = webhooks;
        this.enabled = enabled;
        this.maxPerTask = maxPerTask;
        this.maxPerOwner = maxPerOwner;
        Arrays.setAll(ownerLocks, i -> new Object());
    }

    /** Push switched off: every operation answers PushNotificationNotSupported. */
    public static PushConfigs disabled(TaskStore tasks) {
        return new PushConfigs(tasks, null, (url, field) -> { }, false, 0, 0);
    }

    public boolean enabled() {
        return enabled;
    }

    /**
     * CreateTaskPushNotificationConfig: the config gets the id the client chose, or a new one, and
     * is owed every event the task stores from now on.
     *
     * Deliveries take the shape of the caller's protocol line.
     */
    public TaskPushNotificationConfig create(TaskPushNotificationConfig config, String taskId, ServerCallContext call) {
        requireEnabled();
        FieldLimits.taskId(taskId, "taskId");
        FieldLimits.tenant(config.tenant());
        StoredTask task = reachable(taskId, call);
        TaskPushNotificationConfig accepted = withTask(accept(config, ""), taskId);
        synchronized (ownerLock(task.owner(), taskId)) {
            withinLimits(task.owner(), taskId, accepted.id());
            configs.save(accepted, call.line(), task.lastSeq());
        }
        return accepted;
    }

    public TaskPushNotificationConfig get(TaskPushNotificationConfigRequest request, ServerCallContext call) {
        requireEnabled();
        FieldLimits.check(request);
        UnaryOperator<TaskPushNotificationConfig> shown = shownTo(reachable(request.taskId(), call), call);
        return configs.find(request.taskId(), request.id()).map(StoredPushConfig::config).map(shown)
                .orElseThrow(() -> new A2AException(A2AError.TASK_NOT_FOUND, "Task " + request.taskId()
                        + " has no push notification config " + request.id(),
                        Map.of("taskId", request.taskId(), "id", request.id())));
    }

    /**
     * The 0.3 reading of a get: the named config, else the task's first one. 0.3 let a config go
     * without an id and its clients name one by default ({@code "default"}); the 0.3 servers they
     * were written against answer with the task's config whatever the name.
     */
    public TaskPushNotificationConfig getOrFirst(TaskPushNotificationConfigRequest request, ServerCallContext call) {
        requireEnabled();
        FieldLimits.check(request);
        UnaryOperator<TaskPushNotificationConfig> shown = shownTo(reachable(request.taskId(), call), call);
        return configs.find(request.taskId(), request.id()).or(() -> configs.list(request.taskId(), 0, 1).stream()
                        .findFirst()).map(StoredPushConfig::config).map(shown)
                .orElseThrow(() -> new A2AException(A2AError.TASK_NOT_FOUND, "Task " + request.taskId()
                        + " has no push notification config", Map.of("taskId", request.taskId())));
    }

    public ListTaskPushNotificationConfigsResponse list(ListTaskPushNotificationConfigsRequest request,
                                                        ServerCallContext call) {
        requireEnabled();
        FieldLimits.check(request);
        UnaryOperator<TaskPushNotificationConfig> shown = shownTo(reachable(request.taskId(), call), call);
        int offset = offset(request.pageToken());
        int size = request.effectivePageSize();
        List<StoredPushConfig> page = configs.list(request.taskId(), offset, size + 1);
        String next = page.size() > size ? token(offset + size) : "";
        return new ListTaskPushNotificationConfigsResponse(page.stream().limit(size).map(StoredPushConfig::config)
                .map(shown).toList(), next);
    }

    /**
     * DeleteTaskPushNotificationConfig, by whoever may reach the task (as it may cancel it): a
     * client that keeps no cookie, gRPC's among them, is a new caller at every call and must be
     * able to take back the webhook it registered. Deleting a config that is not there succeeds too.
     */
    public void delete(TaskPushNotificationConfigRequest request, ServerCallContext call) {
        requireEnabled();
        FieldLimits.check(request);
        reachable(request.taskId(), call);
        configs.delete(request.taskId(), request.id());
    }

    /**
     * Checks a config that came inside SendMessage, before the task exists, and gives it an id.
     *
     * @throws A2AException when push is off, or the config is refused
     */
    TaskPushNotificationConfig accept(TaskPushNotificationConfig config, String path) {
        requireEnabled();
        String prefix = path.isEmpty() ? "" : path + ".";
        String id = config.id() == null || config.id().isEmpty() ? UUID.randomUUID().toString() : config.id();
        FieldLimits.check(id, prefix + "id", MAX_ID);
        if (!HEADER_VALUE.matcher(id).matches()) {
            throw A2AException.invalidField(prefix + "id", "must be printable ASCII characters");
        }
        FieldLimits.check(config.url(), prefix + "url", FieldLimits.PUSH_URL);
        headerValue(config.token(), prefix + "token");
        AuthenticationInfo auth = config.authentication();
        if (auth != null) {
            FieldLimits.check(auth.scheme(), prefix + "authentication.scheme", FieldLimits.PUSH_AUTH_SCHEME);
            if (!SCHEME.matcher(auth.scheme()).matches()) {
                throw A2AException.invalidField(prefix + "authentication.scheme",
                        "must be an HTTP authentication scheme such as Bearer");
            }
            headerValue(auth.credentials(), prefix + "authentication.credentials");
        }
        webhooks.check(config.url(), prefix + "url");
        return new TaskPushNotificationConfig(config.tenant(), id, config.taskId(), config.url(), config.token(), auth);
    }

    /**
     * Checks a config that came inside SendMessage, as {@link #accept(TaskPushNotificationConfig, String)},
     * and that it stays within the limits, before the message touches any task.
     *
     * @param taskId the task the message continues, or null for a message that starts one
     */
    TaskPushNotificationConfig accept(TaskPushNotificationConfig config, String path, ServerCallContext call,
                                      String taskId) {
        TaskPushNotificationConfig accepted = accept(config, path);
        String owner = call.owner();
        // a task the caller may not see is "not found", which the message's intake answers
        Optional<StoredTask> continued = taskId == null ? Optional.empty() : tasks.find(taskId)
                .filter(task -> owner == null || owner.equals(task.owner()));
        if (taskId == null || continued.isPresent()) {
            String taskOwner = continued.map(StoredTask::owner).orElse(owner);
            synchronized (ownerLock(taskOwner, taskId)) {
                withinLimits(taskOwner, taskId, accepted.id());
            }
        }
        return accepted;
    }

    /** Registers a config that came inside SendMessage on the task it started or continued. */
    void register(TaskPushNotificationConfig accepted, String taskId, long afterSeq, ProtocolVersion version) {
        configs.save(withTask(accepted, taskId), version, afterSeq);
    }

    /**
     * @param taskId null for a task about to start, which has no configs yet
     * @throws A2AException invalid params naming the limit, when one more config would pass it
     */
    private void withinLimits(String owner, String taskId, String id) {
        Optional<StoredPushConfig> replaced = taskId == null ? Optional.empty() : configs.find(taskId, id);
        if (maxPerTask > 0 && taskId != null && replaced.isEmpty() && configs.countForTask(taskId) >= maxPerTask) {
            throw new A2AException(A2AError.INVALID_PARAMS, "Task " + taskId + " has " + maxPerTask
                    + " push notification configs, the most one task may have (limit " + maxPerTask
                    + "); delete one, or replace one under its id", Map.of("taskId", taskId, "limit",
                    Integer.toString(maxPerTask)));
        }
        boolean opens = replaced.map(config -> config.cutOff() != null).orElse(true);
        if (maxPerOwner > 0 && owner != null && opens && configs.countOpenForOwner(owner) >= maxPerOwner) {
            throw new A2AException(A2AError.INVALID_PARAMS, "This caller has " + maxPerOwner
                    + " push notification configs on unfinished tasks, the most one caller may have (limit "
                    + maxPerOwner + "); delete some, or wait for tasks to finish", Map.of("limit",
                    Integer.toString(maxPerOwner)));
        }
    }

    private Object ownerLock(String owner, String taskId) {
        return ownerLocks[Math.floorMod(Objects.hashCode(owner != null ? owner : taskId), ownerLocks.length)];
    }

    private static void headerValue(String value, String field) {
        if (value == null) {
            return;
        }
        FieldLimits.check(value, field, MAX_SECRET);
        if (!HEADER_VALUE.matcher(value).matches()) {
            throw A2AException.invalidField(field,
                    "must be printable ASCII characters, without line breaks or other control characters");
        }
    }

    private static TaskPushNotificationConfig withTask(TaskPushNotificationConfig config, String taskId) {
        return new TaskPushNotificationConfig(config.tenant(), config.id(), taskId, config.url(), config.token(),
                config.authentication());
    }

    /** @throws A2AException PushNotificationNotSupported when push is off */
    public void requireEnabled() {
        if (!enabled) {
            throw new A2AException(A2AError.PUSH_NOTIFICATION_NOT_SUPPORTED,
                    "Push notifications are not enabled on this agent");
        }
    }

    /**
     * The task, if the caller may reach it by its id (see {@code Caller.isHeldById}): whoever
     * holds the id of a cookie caller's task may register a webhook for it, as it may subscribe
     * to it, see its configs, but without their secrets, and delete them, as it may cancel it.
     */
    private StoredTask reachable(String taskId, ServerCallContext call) {
        return TaskAccess.visible(tasks, taskId, call);
    }

    /**
     * A config as the caller may see it: whole for the task's owner and the operator; for anyone
     * else who holds the task's id, without its token and credentials, so the id lets no one
     * read the owner's webhook secrets.
     */
    private static UnaryOperator<TaskPushNotificationConfig> shownTo(StoredTask task, ServerCallContext call) {
        if (call.owner() == null || call.owner().equals(task.owner())) {
            return UnaryOperator.identity();
        }
        return config -> new TaskPushNotificationConfig(config.tenant(), config.id(), config.taskId(), config.url(),
                null, config.authentication() == null ? null
                : new TaskPushNotificationConfig.AuthenticationInfo(config.authentication().scheme(), null));
    }

    private static int offset(String pageToken) {
        if (pageToken == null || pageToken.isEmpty()) {
            return 0;
        }
        try {
            String text = new String(Base64.getUrlDecoder().decode(pageToken), java.nio.charset.StandardCharsets.UTF_8);
            if (text.startsWith("o:")) {
                int offset = Integer.parseInt(text.substring(2));
                if (offset >= 0) {
                    return offset;
                }
            }
        } catch (IllegalArgumentException e) {
            // reported below
        }
        throw A2AException.invalidField("pageToken", "is not a token this server issued");
    }

    private static String token(int offset) {
        return Base64.getUrlEncoder().withoutPadding()
                .encodeToString(("o:" + offset).getBytes(java.nio.charset.StandardCharsets.UTF_8));
    }
}
