package dev.switchboard.skill.catalogue;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.skill.catalogue.CatalogueQuery.Aspect;
import jakarta.json.JsonArrayBuilder;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.function.Predicate;

/**
 * Answers a {@link CatalogueQuery} from the catalogue: the text for people and the rows for agents.
 * Switchboard's own entry is never ranked among third parties: unless a question names it, it is
 * listed apart, with a note saying it is ours.
 *
 * @param text the answer in plain words
 * @param data {@code {rows, self, unknown, notRecorded, query}} for agents
 */
public record CatalogueAnswer(String text, JsonObject data) {

    static final String RECORDED = "The catalogue records, per entry: kind, languages, licence, A2A support, "
            + "spec lines, roles, bindings, streaming, setup and source.";
    static final String SELF_NOTE = "Switchboard is this server; its own entry is listed apart and never ranked "
            + "among third parties.";

    public static CatalogueAnswer answer(Catalogue catalogue, CatalogueQuery query) {
        StringBuilder text = new StringBuilder();
        // what the catalogue cannot tell comes first, so no listing below reads as an answer to it
        for (String topic : query.notRecorded()) {
            text.append("The catalogue does not record ").append(topic).append(".\n");
        }
        boolean declined = !query.notRecorded().isEmpty();
        List<CatalogueEntry> rows = new ArrayList<>();
        List<CatalogueEntry> self = new ArrayList<>();
        List<CatalogueEntry> unknown = new ArrayList<>();
        if (!query.named().isEmpty()) {
            if (declined) {
                text.append("What it does record: ");
            }
            for (String id : query.named()) {
                CatalogueEntry entry = catalogue.entries().stream().filter(e -> e.id().equals(id)).findFirst()
                        .orElseThrow();
                rows.add(entry);
                text.append(describe(entry, query.asked())).append("\n");
            }
        } else if (query.hasFilters()) {
            for (CatalogueEntry entry : catalogue.entries()) {
                Boolean match = matches(entry, query);
                if (match == null) {
                    unknown.add(entry);
                } else if (match) {
                    (entry.self() ? self : rows).add(entry);
                }
            }
            rows.sort(Comparator.comparing(e -> e.name().toLowerCase(Locale.ROOT)));
            if (declined) {
                text.append("By what the catalogue does record (").append(String.join("; ", recorded(query)))
                        .append("), ");
            }
            text.append(rows.isEmpty() ? (declined ? "no entry matches.\n" : "No catalogue entry matches.\n")
                    : rows.size() + (rows.size() == 1 ? " entry matches:\n" : " entries match:\n"));
            rows.forEach(entry -> text.append("- ").append(describe(entry, Set.of())).append("\n"));
            if (!self.isEmpty()) {
                text.append("Also matching: ").append(describe(self.get(0), Set.of())).append("\n")
                        .append(SELF_NOTE).append("\n");
            }
            if (!unknown.isEmpty()) {
                text.append("The catalogue does not know enough to tell for: ")
                        .append(String.join(", ", unknown.stream().map(CatalogueEntry::name).toList())).append(".\n");
            }
        }
        if (query.isEmpty() || (query.named().isEmpty() && !query.hasFilters() && !declined)) {
            text.append(help(catalogue));
        } else if (query.named().isEmpty() && !query.hasFilters()) {
            text.append(RECORDED);
        }
        JsonObjectBuilder data = JsonFactory.createObjectBuilder()
                .add("rows", rows(rows))
                .add("self", rows(self))
                .add("unknown", rows(unknown))
                .add("notRecorded", JsonFactory.createArrayBuilder(query.notRecorded()));
        return new CatalogueAnswer(text.toString().trim(), data.build());
    }

    /** The query's filters in words, for a listing that must say what it matched on. */
    static List<String> recorded(CatalogueQuery query) {
        List<String> filters = new ArrayList<>();
        query.kinds().forEach(kind -> filters.add("kind " + kind));
        query.languages().forEach(language -> filters.add("language " + language));
        if (query.openSource() != null) {
            filters.add(query.openSource() ? "open source" : "proprietary");
        }
        query.licences().forEach(licence -> filters.add("licence " + licence));
        if (query.speaksA2A() != null) {
            filters.add(query.speaksA2A() ? "A2A support" : "no A2A support");
        }
        query.lines().forEach(line -> filters.add("spec line " + line));
        query.bindings().forEach(binding -> filters.add("binding " + binding));
        query.roles().forEach(role -> filters.add("role " + role));
        if (query.streaming() != null) {
            filters.add("streaming");
        }
        return filters;
    }

    /** True, false, or null when the entry lacks a field the query filters on. */
    static Boolean matches(CatalogueEntry entry, CatalogueQuery query) {
        List<Boolean> checks = new ArrayList<>();
        if (query.speaksA2A() != null) {
            checks.add(entry.a2a().equals("unknown") ? null : entry.speaksA2A() == query.speaksA2A());
        } else if (!query.lines().isEmpty() || !query.bindings().isEmpty() || !query.roles().isEmpty()
                || query.streaming() != null) {
            checks.add(entry.a2a().equals("unknown") ? null : entry.speaksA2A());
        }
        if (!query.kinds().isEmpty()) {
            checks.add(query.kinds().contains(entry.kind()));
        }
        if (!query.languages().isEmpty()) {
            checks.add(entry.languages().isEmpty() ? null : entry.languages().stream()
                    .map(language -> language.toLowerCase(Locale.ROOT).replace("javascript", "typescript"))
                    .anyMatch(query.languages()::contains));
        }
        if (query.openSource() != null) {
            checks.add(entry.licence().equals("unknown") ? null : entry.isOpenSource() == query.openSource());
        }
        if (!query.licences().isEmpty()) {
            checks.add(entry.licence().equals("unknown") ? null : query.licences().stream()
                    .anyMatch(licence -> entry.licence().toLowerCase(Locale.ROOT).contains(licence)));
        }
        checks.add(all(entry.lines(), query.lines()));
        checks.add(all(entry.bindings(), query.bindings()));
        checks.add(all(entry.roles(), query.roles()));
        if (query.streaming() != null) {
            checks.add(entry.streaming());
        }
        if (checks.contains(Boolean.FALSE)) {
            return false;
        }
        return checks.contains(null) ? null : true;
    }

    private static Boolean all(List<String> values, Set<String> wanted) {
        if (wanted.isEmpty()) {
            return true;
        }
        return values == null ? null : values.containsAll(wanted);
    }

    static String describe(CatalogueEntry entry, Set<Aspect> asked) {
        List<String> parts = new ArrayList<>();
        boolean all = asked.isEmpty();
        if (all || asked.contains(Aspect.SUPPORT) || asked.contains(Aspect.LINES)) {
            parts.add(support(entry));
        }
        if (all || asked.contains(Aspect.BINDINGS)) {
            parts.add("bindings " + list(entry.bindings()));
        }
        if (all || asked.contains(Aspect.ROLES)) {
            parts.add("A2A roles " + list(entry.roles()));
        }
        if (all || asked.contains(Aspect.STREAMING)) {
            parts.add("streaming " + (entry.streaming() == null ? "unknown" : entry.streaming() ? "yes" : "no"));
        }
        if (all || asked.contains(Aspect.LANGUAGES)) {
            parts.add("languages " + (entry.languages().isEmpty() ? "unknown" : String.join(", ", entry.languages())));
        }
        if (all || asked.contains(Aspect.LICENCE)) {
            parts.add("licence " + entry.licence());
        }
        StringBuilder line = new StringBuilder(entry.name()).append(" (").append(entry.kind()).append("): ")
                .append(String.join("; ", parts)).append(".");
        if (all || asked.contains(Aspect.SETUP)) {
            line.append(" Setup: ").append(entry.setup());
        }
        line.append(" Source: ").append(entry.source()).append(", checked ").append(entry.checked()).append(".");
        if (entry.self()) {
            line.append(" (This is Switchboard itself.)");
        }
        return line.toString();
    }

    private static String support(CatalogueEntry entry) {
        return switch (entry.a2a()) {
            case "none" -> "no A2A support";
            case "unknown" -> "A2A support unknown";
            default -> "A2A " + (entry.a2a().equals("adapter") ? "through an add-on" : "built in") + ", spec line(s) "
                    + list(entry.lines());
        };
    }

    private static String list(List<String> values) {
        if (values == null) {
            return "unknown";
        }
        return values.isEmpty() ? "none" : String.join(", ", values);
    }

    private static String help(Catalogue catalogue) {
        return "Ask about the A2A support of agent frameworks and SDKs, for example \"Does CrewAI support A2A?\", "
                + "\"Which frameworks have no A2A support?\", \"What spec version does Google ADK target?\" or "
                + "\"open source Java SDK with streaming\". " + RECORDED + " Entries: "
                + String.join(", ", catalogue.entries().stream().filter(Predicate.not(CatalogueEntry::self))
                .map(CatalogueEntry::name).toList()) + ".";
    }

    private static JsonArrayBuilder rows(List<CatalogueEntry> entries) {
        JsonArrayBuilder array = JsonFactory.createArrayBuilder();
        entries.forEach(entry -> array.add(row(entry)));
        return array;
    }

    static JsonObject row(CatalogueEntry entry) {
        JsonObjectBuilder row = JsonFactory.createObjectBuilder()
                .add("id", entry.id()).add("name", entry.name()).add("kind", entry.kind())
                .add("languages", JsonFactory.createArrayBuilder(entry.languages()))
                .add("licence", entry.licence()).add("a2a", entry.a2a());
        optional(row, "lines", entry.lines());
        optional(row, "roles", entry.roles());
        optional(row, "bindings", entry.bindings());
        if (entry.streaming() == null) {
            row.addNull("streaming");
        } else {
            row.add("streaming", entry.streaming());
        }
        return row.add("setup", entry.setup()).add("source", entry.source()).add("checked", entry.checked())
                .add("self", entry.self()).build();
    }

    private static void optional(JsonObjectBuilder row, String name, List<String> values) {
        if (values == null) {
            row.addNull(name);
        } else {
            row.add(name, JsonFactory.createArrayBuilder(values));
        }
    }
}
