package dev.switchboard.skill.catalogue;

import java.util.List;
import java.util.Set;

/**
 * What a question asks of the catalogue, as the keyword reader understood it.
 *
 * @param named       ids of the entries the question names
 * @param languages   wanted languages (lowercase), empty for any
 * @param openSource  true: open source only; false: proprietary only; null: either
 * @param licences    wanted licence names (lowercase fragments such as "mit"), empty for any
 * @param lines       wanted A2A lines, empty for any
 * @param bindings    wanted bindings, empty for any
 * @param kinds       wanted kinds, empty for any
 * @param roles       wanted A2A roles, empty for any
 * @param streaming   true when the question wants streaming, else null
 * @param speaksA2A   true or false when the question filters on A2A support, else null
 * @param asked       the attributes asked about the named entries
 * @param notRecorded topics the question asks about that the catalogue has no field for
 */
public record CatalogueQuery(List<String> named, Set<String> languages, Boolean openSource, Set<String> licences,
                             Set<String> lines, Set<String> bindings, Set<String> kinds, Set<String> roles,
                             Boolean streaming, Boolean speaksA2A, Set<Aspect> asked, List<String> notRecorded) {

    /** An attribute a question can ask about a named entry. */
    public enum Aspect { SUPPORT, LINES, BINDINGS, ROLES, STREAMING, LANGUAGES, LICENCE, SETUP }

    public boolean hasFilters() {
        return !languages.isEmpty() || openSource != null || !licences.isEmpty() || !lines.isEmpty()
                || !bindings.isEmpty() || !kinds.isEmpty() || !roles.isEmpty() || streaming != null
                || speaksA2A != null;
    }

    /** Whether the question gave the reader nothing to go on. */
    public boolean isEmpty() {
        return named.isEmpty() && !hasFilters() && asked.isEmpty() && notRecorded.isEmpty();
    }
}
