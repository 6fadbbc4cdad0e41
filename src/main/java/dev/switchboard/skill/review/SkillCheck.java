package dev.switchboard.skill.review;

import dev.switchboard.protocol.json.ProtoJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * The card's skills, judged as a calling agent uses them: it picks a skill by reading the
 * description, tags and examples, so a skill without them may as well not be there.
 */
final class SkillCheck {
    /** Below this, a description rarely says what to send and what comes back. */
    static final int MIN_DESCRIPTION = 40;

    // Descriptions that say nothing a router could use: placeholders and "a helpful assistant".
    private static final Pattern GENERIC = Pattern.compile(String.join("|",
            "(this is )?(a |an |the |my )?((simple|basic|generic|general|general purpose|helpful|useful|test|sample"
                    + "|example|demo|default|ai|smart) )*(skill|agent|tool|assistant|helper|function|service|bot)"
                    + "( (that|which) helps( you)?)?( (for|with) (everything|anything|stuff|things|tasks))?",
            "(it )?(does|handles|helps( you)?( with)?|can do) (stuff|things|everything|anything|tasks|it all)",
            "todo|tbd|n a|none|null|test|placeholder|description|skill description|.*lorem ipsum.*"));

    private final Findings findings;

    SkillCheck(Findings findings) {
        this.findings = findings;
    }

    void run(JsonArray skills) {
        if (skills.isEmpty()) {
            findings.warning("NO_SKILLS", "skills", "The card lists no skills, so a calling agent has nothing to "
                    + "route on; describe at least one thing the agent does.");
            return;
        }
        Map<String, Integer> firstById = new HashMap<>();
        List<JsonObject> entries = findings.objects(skills, "skills");
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) != null) {
                skill(entries.get(i), ProtoJson.index("skills", i), i, firstById);
            }
        }
    }

    private void skill(JsonObject skill, String path, int index, Map<String, Integer> firstById) {
        String id = findings.requiredString(skill, path, "id", "clients and agents name the skill by its id.");
        String name = findings.requiredString(skill, path, "name", "people see the skill by its name.");
        String description = findings.requiredString(skill, path, "description",
                "a calling agent chooses a skill by reading its description.");
        if (id != null) {
            Integer first = firstById.putIfAbsent(id, index);
            if (first != null) {
                findings.error("DUPLICATE_SKILL_ID", ProtoJson.path(path, "id"), "skills[" + first + "] already has "
                        + "id \"" + id + "\"; ids must be unique so that a caller can name the skill it means.");
            }
        }
        if (description != null) {
            description(description, name, id, ProtoJson.path(path, "description"));
        }
        JsonArray tags = findings.array(skill, path, "tags");
        if (tags == null || tags.isEmpty()) {
            findings.warning("MISSING_SKILL_TAGS", ProtoJson.path(path, "tags"), "The skill has no tags; a calling "
                    + "agent cannot route on it by topic. Add a few keywords, e.g. [\"translation\", \"french\"].");
        }
        JsonArray examples = findings.array(skill, path, "examples");
        if (examples == null || examples.isEmpty()) {
            findings.warning("MISSING_SKILL_EXAMPLES", ProtoJson.path(path, "examples"), "The skill has no "
                    + "examples; a calling agent cannot tell what a request to it looks like. Add one or two "
                    + "requests it handles, verbatim.");
        }
        // Only their type matters here: empty mode lists mean the card's defaults apply.
        findings.array(skill, path, "inputModes");
        findings.array(skill, path, "outputModes");
    }

    private void description(String description, String name, String id, String path) {
        String words = normalize(description);
        if (GENERIC.matcher(words).matches() || words.equals(normalize(name)) || words.equals(normalize(id))) {
            findings.warning("GENERIC_SKILL_DESCRIPTION", path, "\"" + description + "\" says nothing a calling "
                    + "agent can route on; say what the skill does, what to send it and what comes back.");
        } else if (description.strip().length() < MIN_DESCRIPTION) {
            findings.warning("SHORT_SKILL_DESCRIPTION", path, "The description has " + description.strip().length()
                    + " characters; a calling agent needs at least " + MIN_DESCRIPTION + " to tell what the skill "
                    + "does, what to send it and what comes back.");
        }
    }

    /** Lower case words separated by single spaces, so that punctuation and case do not hide a placeholder. */
    static String normalize(String text) {
        return text == null ? "" : text.toLowerCase(Locale.ROOT).replaceAll("[^\\p{L}\\p{N}]+", " ").strip();
    }
}
