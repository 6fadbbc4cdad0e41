package dev.switchboard.cli;

import dev.switchboard.protocol.JsonFactory;
import dev.switchboard.card.AgentCardDocuments;
import dev.switchboard.card.CardSigningKeys;
import dev.switchboard.card.PublishedCard;
import dev.switchboard.config.Settings;
import dev.switchboard.config.SettingsLoader;
import dev.switchboard.skill.InstalledSkills;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonValue;
import java.io.IOException;
import java.io.InputStream;
import java.net.InetAddress;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code card export} and {@code card check}: the published card as an artifact, and a published card
 * against one; {@code card verify} is {@link CardVerifyCommand}.
 */
@Command(name = "card", mixinStandardHelpOptions = true,
        description = "Export the Agent Card this server would publish, check a published card against one, or verify"
                + " a published card's signatures.")
final class CardCommand implements Runnable {
    @Spec
    CommandSpec spec;

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a subcommand is required: export, check or verify");
    }

    @Command(name = "export", mixinStandardHelpOptions = true,
            description = "Write the Agent Card the server would publish, from the same settings (SWITCHBOARD_* "
                    + "environment, switchboard.* system properties) and the skills on the class path.")
    static final class Export implements Callable<Integer> {
        @Spec
        CommandSpec spec;

        @Option(names = "--public-url", required = true, paramLabel = "URL",
                description = "The public URL the card advertises (switchboard.public.url).")
        String publicUrl;

        @Option(names = "--out", paramLabel = "FILE", description = "Write here instead of standard output.")
        Path out;

        @Option(names = "--jwks-out", paramLabel = "FILE", description = "Also write the JWK Set that verifies the"
                + " card's signatures, to publish at " + PublishedCard.CARD_JWKS_PATH + " beside the card.")
        Path jwksOut;

        private final Main.Surroundings surroundings;

        Export(Main.Surroundings surroundings) {
            this.surroundings = surroundings;
        }

        @Override
        public Integer call() throws IOException {
            Map<String, String> environment = new HashMap<>(surroundings.environment());
            environment.put("SWITCHBOARD_PUBLIC_URL", publicUrl);
            Settings settings = new SettingsLoader(name -> null, System::getProperty, environment).load();
            InstalledSkills skills = InstalledSkills.discover(Export.class.getClassLoader());
            CardSigningKeys keys = settings.cardSigning().enabled()
                    ? CardSigningKeys.load(settings.cardSigning(), settings.dataDir()) : null;
            byte[] document = AgentCardDocuments.render(PublishedCard.build(settings, skills), keys,
                    URI.create(settings.urlFor(PublishedCard.CARD_JWKS_PATH))).forVersion(null);
            if (jwksOut != null) {
                if (keys == null) {
                    throw new IllegalArgumentException("--jwks-out: card signing is off (switchboard.card.signing.enabled)");
                }
                Files.writeString(jwksOut, keys.jwks());
            }
            if (out == null) {
                spec.commandLine().getOut().println(new String(document, StandardCharsets.UTF_8));
            } else {
                Files.write(out, document);
                spec.commandLine().getErr().println("wrote " + out);
            }
            return Main.OK;
        }
    }

    @Command(name = "check", mixinStandardHelpOptions = true,
            description = "Fetch a published card and compare it field by field with a card file; check an iconUrl"
                    + " on the card's own origin. Only public addresses are fetched unless --allow-private.")
    static final class Check implements Callable<Integer> {
        private static final int MAX_CARD_BYTES = 4 * 1024 * 1024;

        @Spec
        CommandSpec spec;

        @Parameters(index = "0", paramLabel = "URL", description = "The card's URL, or the agent's origin.")
        URI url;

        @Option(names = "--against", required = true, paramLabel = "FILE", description = "The expected card.")
        Path against;

        @Option(names = "--warn-only", description = "Report differences but exit 0.")
        boolean warnOnly;

        @Option(names = "--allow-private", description = "Also fetch from loopback, private, link-local and other"
                + " non-public addresses, e.g. to check a card on your own machine or network.")
        boolean allowPrivate;

        @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "20", description = "Per request.")
        long timeoutSeconds;

        @Override
        public Integer call() throws IOException {
            JsonObject expected;
            try (InputStream in = Files.newInputStream(against)) {
                expected = JsonFactory.createReader(in).readObject();
            }
            PublicFetch fetch = new PublicFetch(Duration.ofSeconds(timeoutSeconds), allowPrivate, InetAddress::getAllByName);
            URI cardUrl = url.getPath() != null && url.getPath().endsWith(".json") ? url
                    : URI.create(url.toString().replaceAll("/+$", "") + "/.well-known/agent-card.json");
            var out = spec.commandLine().getOut();
            PublicFetch.Answer response;
            try (Progress progress = Progress.start(spec.commandLine().getErr(), cardUrl.toString())) {
                response = fetch.get(cardUrl, "application/json", MAX_CARD_BYTES);
            } catch (IOException e) {
                out.println("WARN host unreachable: " + cardUrl + " (" + e.getClass().getSimpleName() + ")");
                return Main.OK;
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return Main.FAILED;
            }
            if (response.status() != 200) {
                out.println("DIFF card: " + cardUrl + " answered HTTP " + response.status());
                return warnOnly ? Main.OK : Main.CHECK_FAILED;
            }
            JsonObject published = JsonFactory.createReader(new java.io.ByteArrayInputStream(response.body())).readObject();
            // ECDSA signatures differ at every signing, even of the same card by the same key:
            // compare what is signed, and leave the signatures to card verify
            List<String> differences = diff(unsigned(expected), unsigned(published));
            differences.forEach(line -> out.println("DIFF " + line));
            List<String> icon = icon(fetch, response.uri(), published);
            icon.forEach(out::println);
            boolean failed = !differences.isEmpty() || icon.stream().anyMatch(l -> l.startsWith("DIFF"));
            out.println(failed ? differences.size() + " difference(s) from " + against : "the card matches " + against);
            return failed && !warnOnly ? Main.CHECK_FAILED : Main.OK;
        }

        /**
         * The icon is fetched only on the card's own origin: a card is data from the network, and
         * its iconUrl could name any host the operator's machine can reach.
         */
        private List<String> icon(PublicFetch fetch, URI cardUrl, JsonObject published) {
            if (!(published.get("iconUrl") instanceof jakarta.json.JsonString icon)) {
                return List.of();
            }
            URI iconUrl;
            try {
                iconUrl = URI.create(icon.getString());
            } catch (IllegalArgumentException e) {
                return List.of("DIFF iconUrl is not a URL: " + icon.getString());
            }
            if (!iconUrl.isAbsolute() || iconUrl.getHost() == null || !iconUrl.getScheme().matches("(?i)https?")) {
                return List.of("DIFF iconUrl is not an absolute http(s) URL: " + icon.getString());
            }
            if (!PublicFetch.origin(iconUrl).equals(PublicFetch.origin(cardUrl))) {
                return List.of("SKIP iconUrl is on another origin (" + PublicFetch.origin(iconUrl) + "), not fetched");
            }
            try {
                PublicFetch.Answer answer = fetch.get(iconUrl, "image/*", 0);
                String type = answer.contentType();
                if (answer.status() == 200 && type.startsWith("image/")) {
                    return List.of("OK iconUrl is an image (" + type + ")");
                }
                return List.of("DIFF iconUrl " + icon.getString() + " answered HTTP " + answer.status() + " "
                        + (type.isEmpty() ? "without a content type" : type));
            } catch (IOException | IllegalArgumentException e) {
                return List.of("WARN iconUrl not fetched: " + icon.getString());
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return List.of();
            }
        }
    }

    /** Every leaf that differs, by JSON path: {@code skills[1].tags[0]: expected "a", published "b"}. */
    private static JsonObject unsigned(JsonObject card) {
        return JsonFactory.createObjectBuilder(card).remove("signatures").build();
    }

    static List<String> diff(JsonValue expected, JsonValue published) {
        Map<String, JsonValue> left = new TreeMap<>();
        Map<String, JsonValue> right = new TreeMap<>();
        flatten("", expected, left);
        flatten("", published, right);
        List<String> lines = new ArrayList<>();
        TreeSet<String> paths = new TreeSet<>(left.keySet());
        paths.addAll(right.keySet());
        for (String path : paths) {
            JsonValue a = left.get(path);
            JsonValue b = right.get(path);
            if (a == null) {
                lines.add(path + ": not expected, published " + b);
            } else if (b == null) {
                lines.add(path + ": expected " + a + ", missing");
            } else if (!a.equals(b)) {
                lines.add(path + ": expected " + a + ", published " + b);
            }
        }
        return lines;
    }

    private static void flatten(String path, JsonValue value, Map<String, JsonValue> leaves) {
        if (value instanceof JsonObject object) {
            object.forEach((name, member) -> flatten(path.isEmpty() ? name : path + "." + name, member, leaves));
        } else if (value instanceof JsonArray array) {
            for (int i = 0; i < array.size(); i++) {
                flatten(path + "[" + i + "]", array.get(i), leaves);
            }
            if (array.isEmpty()) {
                leaves.put(path, value);
            }
        } else {
            leaves.put(path, value);
        }
    }
}
