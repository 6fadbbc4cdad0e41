package dev.switchboard.protocol.v03;

import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.TaskState;
import java.util.Locale;
import java.util.Optional;

/**
 * The two JSON dialects of A2A 0.3. {@link #JSONRPC} is the TypeScript types of the JSON-RPC
 * binding: {@code kind} tags, lowercase kebab-case states, roles {@code user}/{@code agent}, message
 * parts in {@code parts}. {@link #PROTO} is the ProtoJSON of the 0.3 proto that the HTTP+JSON
 * binding under {@code /v1} speaks: no {@code kind}, {@code TASK_STATE_*} (with the 0.3 proto's
 * {@code TASK_STATE_CANCELLED} spelling), {@code ROLE_*}, message parts in {@code content}, results
 * wrapped in {@code {"task"}}/{@code {"message"}}.
 *
 * <p>Readers are lenient about which of the two spellings of a state or role arrives, since 0.3
 * clients mix them; writers use exactly the dialect's own.
 */
public enum V03Dialect {
    JSONRPC,
    PROTO;

    /** The state as this dialect writes it, e.g. {@code input-required} or {@code TASK_STATE_CANCELLED}. */
    public String state(TaskState state) {
        if (this == PROTO) {
            return state == TaskState.CANCELED ? "TASK_STATE_CANCELLED" : state.wireName();
        }
        return state == TaskState.UNSPECIFIED ? "unknown" : state.name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    /** Reads a state in either dialect's spelling; empty for an unknown name. */
    public static Optional<TaskState> parseState(String name) {
        if (name == null) {
            return Optional.empty();
        }
        if ("TASK_STATE_CANCELLED".equals(name) || "cancelled".equals(name)) {
            return Optional.of(TaskState.CANCELED);
        }
        if ("unknown".equals(name)) {
            return Optional.of(TaskState.UNSPECIFIED);
        }
        Optional<TaskState> proto = TaskState.fromWireName(name);
        if (proto.isPresent()) {
            return proto;
        }
        if (!name.equals(name.toLowerCase(Locale.ROOT)) || name.indexOf('_') >= 0) {
            return Optional.empty();
        }
        return TaskState.fromWireName("TASK_STATE_" + name.toUpperCase(Locale.ROOT).replace('-', '_'))
                .filter(state -> state != TaskState.UNSPECIFIED);
    }

    public String role(Role role) {
        return this == PROTO ? role.wireName() : role.name().toLowerCase(Locale.ROOT);
    }

    /** Reads {@code user}/{@code agent} or {@code ROLE_USER}/{@code ROLE_AGENT}; empty for anything else. */
    public static Optional<Role> parseRole(String name) {
        if ("user".equals(name)) {
            return Optional.of(Role.USER);
        }
        if ("agent".equals(name)) {
            return Optional.of(Role.AGENT);
        }
        return Role.fromWireName(name).filter(role -> role != Role.UNSPECIFIED);
    }

    /** The member a message keeps its parts in. */
    public String messageParts() {
        return this == PROTO ? "content" : "parts";
    }

    /**
     * The name this dialect writes a field under: camelCase in JSON-RPC; in proto the field's proto
     * name ({@code context_id}), which ProtoJSON parsers accept as well as the camelCase one and
     * which the 0.3 conformance suite reads. Readers accept both spellings in either dialect.
     */
    public String field(String camelName) {
        if (this == JSONRPC) {
            return camelName;
        }
        StringBuilder snake = new StringBuilder(camelName.length() + 4);
        for (char c : camelName.toCharArray()) {
            if (Character.isUpperCase(c)) {
                snake.append('_').append(Character.toLowerCase(c));
            } else {
                snake.append(c);
            }
        }
        return snake.toString();
    }

    /** Whether objects carry a {@code kind} discriminator. */
    public boolean kindTags() {
        return this == JSONRPC;
    }
}
