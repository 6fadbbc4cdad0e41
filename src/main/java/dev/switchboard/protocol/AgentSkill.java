package dev.switchboard.protocol;

import java.util.List;
import java.util.Objects;

/**
 * A capability the agent advertises on its card. Empty mode lists mean the card's defaults apply.
 */
public record AgentSkill(String id, String name, String description, List<String> tags, List<String> examples,
                         List<String> inputModes, List<String> outputModes) {
    public AgentSkill {
        Objects.requireNonNull(id, "id");
        Objects.requireNonNull(name, "name");
        Objects.requireNonNull(description, "description");
        tags = tags == null ? List.of() : List.copyOf(tags);
        examples = examples == null ? List.of() : List.copyOf(examples);
        inputModes = inputModes == null ? List.of() : List.copyOf(inputModes);
        outputModes = outputModes == null ? List.of() : List.copyOf(outputModes);
    }
}
