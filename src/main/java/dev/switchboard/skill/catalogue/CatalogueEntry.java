package dev.switchboard.skill.catalogue;

import java.util.List;
import java.util.Objects;

/**
 * What the catalogue records about one agent framework, SDK, server or platform. A null list or
 * {@code streaming} means the catalogue does not know; an empty list means "none".
 *
 * @param a2a   how it speaks A2A: native, adapter (an add-on package), none or unknown
 * @param self  whether this is Switchboard's own entry
 */
public record CatalogueEntry(String id, String name, List<String> aliases, String kind, List<String> languages,
                             String licence, String a2a, List<String> lines, List<String> roles,
                             List<String> bindings, Boolean streaming, String setup, String source, String checked,
                             boolean self) {
    public CatalogueEntry {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        aliases = List.copyOf(aliases);
        languages = List.copyOf(languages);
        lines = lines == null ? null : List.copyOf(lines);
        roles = roles == null ? null : List.copyOf(roles);
        bindings = bindings == null ? null : List.copyOf(bindings);
    }

    public boolean speaksA2A() {
        return a2a.equals("native") || a2a.equals("adapter");
    }

    public boolean isOpenSource() {
        return !licence.equals("proprietary") && !licence.equals("unknown");
    }
}
