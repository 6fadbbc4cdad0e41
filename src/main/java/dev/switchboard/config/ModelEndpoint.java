package dev.switchboard.config;

import java.net.URI;
import java.time.Duration;
import java.util.Objects;

/**
 * An OpenAI-compatible chat endpoint that may read questions for the catalogue skill.
 *
 * @param baseUrl the API base, e.g. {@code http://127.0.0.1:11434/v1}; {@code /chat/completions} is appended
 * @param apiKey  sent as a bearer token, or null; never logged
 */
public record ModelEndpoint(URI baseUrl, String model, String apiKey, Duration timeout) {
    public ModelEndpoint {
        Objects.requireNonNull(baseUrl, "baseUrl");
        Objects.requireNonNull(model, "model");
        Objects.requireNonNull(timeout, "timeout");
    }

    @Override
    public String toString() {
        return "ModelEndpoint[" + baseUrl + ", " + model + "]";
    }
}
