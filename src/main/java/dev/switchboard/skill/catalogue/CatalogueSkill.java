package dev.switchboard.skill.catalogue;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.config.Settings;
import dev.switchboard.protocol.AgentSkill;
import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.skill.AgentExecutor;
import dev.switchboard.skill.AgentRequest;
import dev.switchboard.skill.Skill;
import dev.switchboard.skill.SkillContext;
import dev.switchboard.skill.TaskUpdater;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Collectors;

/**
 * Answers questions about the A2A support of agent frameworks, SDKs and servers from the catalogue
 * shipped in the WAR ({@code /catalogue.json}) or the file an operator configured instead. Model-free
 * and deterministic: the same question always gets the same answer, built only from the catalogue
 * and the question.
 */
public final class CatalogueSkill implements Skill, AgentExecutor {
    /** Where the bundled catalogue is, in the web application and on its public URL. */
    public static final String RESOURCE = "/catalogue.json";
    static final String ID = "a2a-catalogue";

    private volatile Catalogue catalogue;
    private volatile QuestionReader reader;
    private volatile byte[] document;
    private volatile ModelQuestionReader model;

    @Override
    public AgentSkill descriptor() {
        return new AgentSkill(ID, "A2A ecosystem catalogue",
                "Answers questions about which agent frameworks, SDKs and servers speak A2A: whether a named one "
                        + "supports it, which A2A spec lines (0.3, 1.0) and bindings (JSON-RPC, HTTP+JSON, gRPC) it "
                        + "offers, as client or server, with streaming or not, in which language and under which "
                        + "licence, and how to set it up. Send a question as text; the answer comes as text and as "
                        + "JSON rows. Facts come from a dated, sourced catalogue; what it does not record is said so.",
                List.of("a2a", "catalogue", "frameworks", "sdk", "interoperability"),
                List.of("Does CrewAI support A2A?", "Which frameworks have no A2A support?",
                        "What spec version does Google ADK target?", "open source Java SDK with streaming"),
                List.of("text/plain"), List.of("text/plain", "application/json"));
    }

    @Override
    public AgentExecutor executor() {
        return this;
    }

    @Override
    public boolean isFallback() {
        return true;
    }

    /**
     * Loads the catalogue: the file named by {@code switchboard.catalogue.file}, else the one in the
     * WAR.
     *
     * @throws CatalogueException naming the entry at fault
     */
    @Override
    public void start(SkillContext context) {
        Settings settings = context.settings();
        byte[] bytes;
        String origin;
        if (settings.catalogueFile() != null) {
            origin = settings.catalogueFile().toString();
            try {
                bytes = Files.readAllBytes(settings.catalogueFile());
            } catch (IOException e) {
                throw new CatalogueException("the catalogue file " + origin + " cannot be read");
            }
        } else {
            origin = "the bundled catalogue " + RESOURCE;
            try (InputStream in = context.webResource(RESOURCE)
                    .orElseThrow(() -> new CatalogueException(RESOURCE + " is missing from the web application"))) {
                bytes = in.readAllBytes();
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        load(bytes, origin);
        if (settings.model() != null) {
            useModel(new ModelQuestionReader(settings.model()));
        }
    }

    /** Reads key holders' questions with a model first; anonymous callers keep the keyword reader. */
    public void useModel(ModelQuestionReader reader) {
        this.model = reader;
    }

    /** Uses a catalogue document directly; start-up calls it with the configured one. */
    public void load(byte[] bytes, String origin) {
        Catalogue parsed = Catalogue.parse(bytes, origin);
        this.catalogue = parsed;
        this.reader = new QuestionReader(parsed);
        this.document = bytes.clone();
    }

    /** The catalogue document in use, as published at {@value #RESOURCE}. */
    public byte[] document() {
        return document.clone();
    }

    public Catalogue catalogue() {
        return catalogue;
    }

    /** Answers one question, read by keywords. */
    public CatalogueAnswer ask(String question) {
        return CatalogueAnswer.answer(catalogue, reader.read(question));
    }

    /**
     * Answers one question, read by the model when one is configured and the caller may use it.
     *
     * @return the answer and which reader understood the question
     */
    public ModelQuestionReader.Reading read(String question, boolean anonymous) {
        ModelQuestionReader current = model;
        return current == null || anonymous ? new ModelQuestionReader.Reading(reader.read(question), "keywords")
                : current.read(question, reader);
    }

    @Override
    public void execute(AgentRequest request, TaskUpdater updater) {
        String question = request.message().parts().stream()
                .filter(part -> part.kind() == Part.Kind.TEXT)
                .map(Part::text)
                .collect(Collectors.joining(" "));
        ModelQuestionReader.Reading reading = read(question, request.isAnonymous());
        CatalogueAnswer answer = CatalogueAnswer.answer(catalogue, reading.query());
        updater.complete(List.of(Artifact.of("answer", "answer", List.of(Part.text(answer.text()))),
                Artifact.of("rows", "catalogue rows", List.of(new Part(Part.Kind.DATA, null, null, null,
                        answer.data(), "application/json", null,
                        JsonFactory.createObjectBuilder().add("understood", reading.understood()).build())))),
                answer.text());
    }
}
