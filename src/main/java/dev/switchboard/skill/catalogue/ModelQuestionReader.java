package dev.switchboard.skill.catalogue;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.config.ModelEndpoint;
import dev.switchboard.skill.catalogue.CatalogueQuery.Aspect;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import jakarta.json.JsonValue;
import java.io.StringReader;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.util.EnumSet;
import java.util.LinkedHashSet;
import java.util.Locale;
import java.util.Set;
import java.util.logging.Logger;

/**
 * Reads a question with a language model into catalogue constraints, within bounds: the question
 * is cut to 800 characters, the answer to 512 tokens, at temperature 0, with a timeout. The model
 * never sees the catalogue and never names an entry (names still come from the keyword reader);
 * any constraint or value the catalogue has no field for is dropped. Whatever goes wrong (an
 * error, a timeout, an answer that is not JSON), the keyword reader answers instead.
 */
public final class ModelQuestionReader {
    private static final Logger LOG = Logger.getLogger(ModelQuestionReader.class.getName());
    static final int MAX_QUESTION = 800;
    static final int MAX_TOKENS = 512;
    static final String SYSTEM = "You turn a question about AI agent frameworks, SDKs and servers and their A2A "
            + "(Agent2Agent protocol) support into search constraints. Answer with one JSON object and nothing else. "
            + "Optional keys: languages (array of: java, python, typescript, go, c#, kotlin, rust), openSource "
            + "(true or false), licences (array of: mit, apache, bsd, gpl, mpl), lines (array of: \"0.3\", \"1.0\"), "
            + "bindings (array of: JSONRPC, HTTP+JSON, GRPC), kinds (array of: framework, sdk, server, platform), "
            + "roles (array of: client, server), streaming (true when streaming is wanted), speaksA2A (true or false "
            + "when the question asks for products with or without A2A support), asked (array of: SUPPORT, LINES, "
            + "BINDINGS, ROLES, STREAMING, LANGUAGES, LICENCE, SETUP). Leave out what the question does not say. "
            + "Never name a product.";

    /** A reading of a question and which reader produced it ({@code model} or {@code keywords}). */
    public record Reading(CatalogueQuery query, String understood) {
    }

    private final ModelEndpoint endpoint;
    private final HttpClient http;

    public ModelQuestionReader(ModelEndpoint endpoint) {
        this.endpoint = endpoint;
        this.http = HttpClient.newBuilder().connectTimeout(endpoint.timeout()).build();
    }

    public Reading read(String question, QuestionReader keywords) {
        CatalogueQuery fallback = keywords.read(question);
        try {
            JsonObject constraints = ask(question.length() > MAX_QUESTION ? question.substring(0, MAX_QUESTION)
                    : question);
            return new Reading(merge(fallback, constraints), "model");
        } catch (Exception e) {
            LOG.fine(() -> "the model could not read a question (" + e.getClass().getSimpleName()
                    + "); reading by keywords");
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
            return new Reading(fallback, "keywords");
        }
    }

    private JsonObject ask(String question) throws Exception {
        String body = JsonFactory.createObjectBuilder()
                .add("model", endpoint.model())
                .add("temperature", 0)
                .add("max_tokens", MAX_TOKENS)
                .add("messages", JsonFactory.createArrayBuilder()
                        .add(JsonFactory.createObjectBuilder().add("role", "system").add("content", SYSTEM))
                        .add(JsonFactory.createObjectBuilder().add("role", "user").add("content", question)))
                .build().toString();
        String base = endpoint.baseUrl().toString().replaceAll("/+$", "");
        HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(base + "/chat/completions"))
                .timeout(endpoint.timeout())
                .header("Content-Type", "application/json")
                .POST(HttpRequest.BodyPublishers.ofString(body));
        if (endpoint.apiKey() != null) {
            request.header("Authorization", "Bearer " + endpoint.apiKey());
        }
        HttpResponse<String> response = http.send(request.build(), HttpResponse.BodyHandlers.ofString());
        if (response.statusCode() != 200) {
            throw new IllegalStateException("HTTP " + response.statusCode());
        }
        String content = object(response.body()).getJsonArray("choices").getJsonObject(0)
                .getJsonObject("message").getString("content").strip();
        if (content.startsWith("```")) {
            content = content.replaceAll("^```[a-zA-Z]*\\s*", "").replaceAll("\\s*```$", "");
        }
        return object(content);
    }

    /** The model's constraints, limited to what the catalogue records; names from the keywords. */
    static CatalogueQuery merge(CatalogueQuery keywords, JsonObject model) {
        boolean filtering = keywords.named().isEmpty();
        Set<Aspect> asked = EnumSet.noneOf(Aspect.class);
        for (String value : strings(model, "asked", null)) {
            try {
                asked.add(Aspect.valueOf(value.toUpperCase(Locale.ROOT)));
            } catch (IllegalArgumentException dropped) {
                // an aspect the catalogue has no field for
            }
        }
        return new CatalogueQuery(keywords.named(),
                filtering ? strings(model, "languages", Set.of("java", "python", "typescript", "go", "c#", "kotlin",
                        "rust")) : Set.of(),
                filtering ? bool(model, "openSource") : null,
                filtering ? strings(model, "licences", Set.of("mit", "apache", "bsd", "gpl", "mpl")) : Set.of(),
                filtering ? strings(model, "lines", Catalogue.LINES) : Set.of(),
                filtering ? strings(model, "bindings", Catalogue.BINDINGS) : Set.of(),
                filtering ? strings(model, "kinds", Catalogue.KINDS) : Set.of(),
                filtering ? strings(model, "roles", Catalogue.ROLES) : Set.of(),
                filtering && Boolean.TRUE.equals(bool(model, "streaming")) ? Boolean.TRUE : null,
                filtering ? bool(model, "speaksA2A") : null,
                keywords.named().isEmpty() ? Set.of() : (asked.isEmpty() ? keywords.asked() : asked),
                keywords.notRecorded());
    }

    private static Set<String> strings(JsonObject json, String key, Set<String> allowed) {
        Set<String> values = new LinkedHashSet<>();
        if (json.get(key) instanceof JsonArray array) {
            for (JsonValue item : array) {
                if (item instanceof JsonString text) {
                    String value = allowed == null ? text.getString() : canonical(text.getString(), allowed);
                    if (value != null) {
                        values.add(value);
                    }
                }
            }
        }
        return values;
    }

    private static String canonical(String value, Set<String> allowed) {
        return allowed.stream().filter(candidate -> candidate.equalsIgnoreCase(value.trim())).findFirst().orElse(null);
    }

    private static Boolean bool(JsonObject json, String key) {
        JsonValue value = json.get(key);
        return value == JsonValue.TRUE ? Boolean.TRUE : value == JsonValue.FALSE ? Boolean.FALSE : null;
    }

    private static JsonObject object(String text) {
        try (JsonReader reader = JsonFactory.createReader(new StringReader(text))) {
            return reader.readObject();
        }
    }
}
