package dev.switchboard.protocol;

import java.util.Optional;

/** ProtoJSON enum names: the constant's name behind a type prefix, such as {@code ROLE_USER}. */
final class WireNames {
    private WireNames() {
    }

    /** The constant a wire name denotes; unknown names are empty, never a guess. */
    static <E extends Enum<E>> Optional<E> parse(Class<E> type, String prefix, String name) {
        if (name == null || !name.startsWith(prefix)) {
            return Optional.empty();
        }
        try {
            return Optional.of(Enum.valueOf(type, name.substring(prefix.length())));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
