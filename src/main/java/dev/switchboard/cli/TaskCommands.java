package dev.switchboard.cli;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.client.A2AClient;
import dev.switchboard.client.EventStream;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.SendMessageResult;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.TaskCodec;
import dev.switchboard.protocol.request.ListTasksResponse;
import jakarta.json.JsonArrayBuilder;
import java.io.PrintWriter;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/** {@code send}, {@code get}, {@code cancel} and {@code list}: one A2A operation each. */
final class TaskCommands {
    private TaskCommands() {
    }

    /** What the task commands share: the agent and how to reach it. */
    abstract static class AgentCommand implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Mixin
        ClientOptions client;

        @Parameters(index = "0", paramLabel = "AGENT", description = "The agent's URL, or the name of a saved peer.")
        String agent;

        final Main.Surroundings surroundings;

        AgentCommand(Main.Surroundings surroundings) {
            this.surroundings = surroundings;
        }

        PrintWriter out() {
            return spec.commandLine().getOut();
        }

        PrintWriter err() {
            return spec.commandLine().getErr();
        }

        A2AClient connect() throws Exception {
            return client.connect(agent, surroundings, err());
        }
    }

    @Command(name = "send", mixinStandardHelpOptions = true, description = "Send a text message to an agent.")
    static final class Send extends AgentCommand {
        @Parameters(index = "1", paramLabel = "TEXT", description = "The message text.")
        String text;

        @Option(names = "--stream", description = "Stream the task's events as they happen.")
        boolean stream;

        @Option(names = "--context", paramLabel = "ID", description = "Continue this conversation (context id).")
        String context;

        @Option(names = "--task", paramLabel = "ID", description = "Continue this task (e.g. one waiting for input).")
        String task;

        @Option(names = "--return-immediately", description = "Answer as soon as the task exists; do not wait.")
        boolean returnImmediately;

        @Option(names = "--metadata", paramLabel = "KEY=VALUE",
                description = "A string entry in the message's metadata (repeatable).")
        java.util.Map<String, String> metadata = new java.util.LinkedHashMap<>();

        Send(Main.Surroundings surroundings) {
            super(surroundings);
        }

        @Override
        public Integer call() throws Exception {
            A2AClient agentClient = connect();
            Message message = A2AClient.userMessage(text, context);
            if (!metadata.isEmpty()) {
                jakarta.json.JsonObjectBuilder entries = JsonFactory.createObjectBuilder();
                metadata.forEach(entries::add);
                message = new Message(message.messageId(), context, null, message.role(), message.parts(),
                        entries.build(), List.of(), List.of());
            }
            if (task != null) {
                message = message.withIds(context, task);
            }
            if (stream) {
                try (EventStream events = agentClient.stream(message)) {
                    while (events.hasNext()) {
                        StreamEvent event = events.next();
                        out().println(Render.event(event, client.json()));
                        out().flush();
                    }
                }
                return Main.OK;
            }
            SendMessageResult result;
            try (Progress progress = Progress.start(err(), "the agent's answer")) {
                result = agentClient.send(message, returnImmediately);
            }
            out().println(Render.result(result, client.json()));
            return Main.OK;
        }
    }

    @Command(name = "get", mixinStandardHelpOptions = true, description = "Show a task.")
    static final class Get extends AgentCommand {
        @Parameters(index = "1", paramLabel = "TASK", description = "The task id.")
        String taskId;

        @Option(names = "--history", paramLabel = "N", description = "At most N messages of history.")
        Integer history;

        Get(Main.Surroundings surroundings) {
            super(surroundings);
        }

        @Override
        public Integer call() throws Exception {
            A2AClient agentClient = connect();
            Task task;
            try (Progress progress = Progress.start(err(), "the task")) {
                task = agentClient.getTask(taskId, history);
            }
            out().println(Render.task(task, client.json()));
            return Main.OK;
        }
    }

    @Command(name = "cancel", mixinStandardHelpOptions = true, description = "Cancel a task.")
    static final class Cancel extends AgentCommand {
        @Parameters(index = "1", paramLabel = "TASK", description = "The task id.")
        String taskId;

        Cancel(Main.Surroundings surroundings) {
            super(surroundings);
        }

        @Override
        public Integer call() throws Exception {
            A2AClient agentClient = connect();
            Task task;
            try (Progress progress = Progress.start(err(), "the cancellation")) {
                task = agentClient.cancelTask(taskId);
            }
            out().println(Render.task(task, client.json()));
            return Main.OK;
        }
    }

    @Command(name = "list", mixinStandardHelpOptions = true, description = "List your tasks on an agent (A2A 1.0).")
    static final class ListTasks extends AgentCommand {
        ListTasks(Main.Surroundings surroundings) {
            super(surroundings);
        }

        @Override
        public Integer call() throws Exception {
            A2AClient agentClient = connect();
            ListTasksResponse page;
            try (Progress progress = Progress.start(err(), "the task list")) {
                page = agentClient.listTasks();
            }
            if (client.json()) {
                JsonArrayBuilder tasks = JsonFactory.createArrayBuilder();
                page.tasks().forEach(task -> tasks.add(TaskCodec.toJson(task)));
                out().println(JsonFactory.createObjectBuilder().add("tasks", tasks)
                        .add("nextPageToken", page.nextPageToken()).add("totalSize", page.totalSize()).build());
                return Main.OK;
            }
            for (Task task : page.tasks()) {
                out().println(task.id() + "  " + task.status().state().name()
                        + (task.contextId() == null ? "" : "  context " + task.contextId()));
            }
            out().println(page.tasks().size() + " of " + page.totalSize() + " tasks");
            return Main.OK;
        }
    }
}
