package dev.switchboard.skill.catalogue;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArray;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.ByteArrayInputStream;
import java.time.LocalDate;
import java.time.format.DateTimeParseException;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The catalogue of the A2A ecosystem, read from its JSON document and checked entry by entry: a
 * malformed catalogue is refused with a message naming the entry and the field, so an operator
 * who replaced the file knows what to fix.
 */
public final class Catalogue {
    static final Set<String> KINDS = Set.of("framework", "sdk", "server", "platform");
    static final Set<String> SUPPORT = Set.of("native", "adapter", "none", "unknown");
    static final Set<String> LINES = Set.of("0.3", "1.0");
    static final Set<String> ROLES = Set.of("client", "server");
    static final Set<String> BINDINGS = Set.of("JSONRPC", "HTTP+JSON", "GRPC");
    private static final Pattern ID = Pattern.compile("[a-z0-9][a-z0-9-]{0,63}");

    private final List<CatalogueEntry> entries;

    private Catalogue(List<CatalogueEntry> entries) {
        this.entries = List.copyOf(entries);
    }

    public List<CatalogueEntry> entries() {
        return entries;
    }

    /**
     * @param origin where the document came from, for error messages
     * @throws CatalogueException naming the entry and field at fault
     */
    public static Catalogue parse(byte[] document, String origin) {
        JsonObject root;
        try (JsonReader reader = JsonFactory.createReader(new ByteArrayInputStream(document))) {
            root = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new CatalogueException(origin + " is not a JSON object");
        }
        if (!(root.get("entries") instanceof JsonArray array)) {
            throw new CatalogueException(origin + " has no \"entries\" array");
        }
        List<CatalogueEntry> entries = new ArrayList<>();
        Set<String> ids = new HashSet<>();
        for (int i = 0; i < array.size(); i++) {
            if (!(array.get(i) instanceof JsonObject json)) {
                throw new CatalogueException(origin + ": entry " + (i + 1) + " is not an object");
            }
            CatalogueEntry entry = entry(json, origin + ": entry " + (i + 1) + describe(json));
            if (!ids.add(entry.id())) {
                throw new CatalogueException(origin + ": entry \"" + entry.id() + "\" appears twice");
            }
            entries.add(entry);
        }
        if (entries.stream().filter(CatalogueEntry::self).count() > 1) {
            throw new CatalogueException(origin + ": only one entry may be marked \"self\"");
        }
        return new Catalogue(entries);
    }

    private static String describe(JsonObject json) {
        return json.get("id") instanceof JsonString id ? " (\"" + id.getString() + "\")" : "";
    }

    private static CatalogueEntry entry(JsonObject json, String where) {
        String id = text(json, "id", where);
        if (!ID.matcher(id).matches()) {
            throw new CatalogueException(where + ": \"id\" must be lowercase letters, digits and dashes");
        }
        String a2a = oneOf(json, "a2a", SUPPORT, where);
        List<String> lines = list(json, "lines", LINES, where);
        if (a2a.equals("none") && lines != null && !lines.isEmpty()) {
            throw new CatalogueException(where + ": \"lines\" must be empty when \"a2a\" is \"none\"");
        }
        String checked = text(json, "checked", where);
        try {
            LocalDate.parse(checked);
        } catch (DateTimeParseException e) {
            throw new CatalogueException(where + ": \"checked\" must be a date like 2026-11-29");
        }
        JsonValue streaming = json.get("streaming");
        if (streaming != null && streaming != JsonValue.NULL && streaming != JsonValue.TRUE
                && streaming != JsonValue.FALSE) {
            throw new CatalogueException(where + ": \"streaming\" must be true, false or null");
        }
        return new CatalogueEntry(id, text(json, "name", where), list(json, "aliases", null, where, false),
                oneOf(json, "kind", KINDS, where), list(json, "languages", null, where, false),
                text(json, "licence", where), a2a, lines, list(json, "roles", ROLES, where),
                list(json, "bindings", BINDINGS, where),
                streaming == null || streaming == JsonValue.NULL ? null : streaming == JsonValue.TRUE,
                text(json, "setup", where), text(json, "source", where), checked,
                json.getBoolean("self", false));
    }

    private static String text(JsonObject json, String field, String where) {
        if (!(json.get(field) instanceof JsonString value) || value.getString().isBlank()) {
            throw new CatalogueException(where + ": \"" + field + "\" must be a non-empty string");
        }
        return value.getString();
    }

    private static String oneOf(JsonObject json, String field, Set<String> allowed, String where) {
        String value = text(json, field, where);
        if (!allowed.contains(value)) {
            throw new CatalogueException(where + ": \"" + field + "\" must be one of " + allowed);
        }
        return value;
    }

    /** A list that may be null (unknown); its values, when {@code allowed} is given, from that set. */
    private static List<String> list(JsonObject json, String field, Set<String> allowed, String where) {
        return list(json, field, allowed, where, true);
    }

    private static List<String> list(JsonObject json, String field, Set<String> allowed, String where,
                                     boolean nullable) {
        JsonValue value = json.get(field);
        if (value == null || value == JsonValue.NULL) {
            if (nullable) {
                return null;
            }
            throw new CatalogueException(where + ": \"" + field + "\" must be a list");
        }
        if (!(value instanceof JsonArray array)) {
            throw new CatalogueException(where + ": \"" + field + "\" must be a list");
        }
        List<String> items = new ArrayList<>();
        for (JsonValue item : array) {
            if (!(item instanceof JsonString text) || (allowed != null && !allowed.contains(text.getString()))) {
                throw new CatalogueException(where + ": \"" + field + "\" may hold only "
                        + (allowed == null ? "strings" : allowed));
            }
            items.add(text.getString());
        }
        return items;
    }
}
