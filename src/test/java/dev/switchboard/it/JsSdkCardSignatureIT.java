package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;

/**
 * The Agent Card's signatures checked by the official JavaScript SDK's verifier ({@code @a2a-js/sdk}
 * 1.3.0 verifyAgentCardSignature, installed by the build into target/it-js), keys looked up by kid
 * in the JWK Set the server publishes: the card in each of its three renderings verifies, with
 * every key, and no longer does once its name is changed. The same script checks the stored test
 * vectors against the SDK (src/test/resources/card-signing/README.md).
 */
class JsSdkCardSignatureIT extends OnTomcat {
    private static final Pattern SUMMARY = Pattern.compile("(\\d+) passed, (\\d+) failed");

    @Test
    void theServedCardVerifiesInTheJavaScriptSdkInEveryRendering() throws Exception {
        String output = run("server", base.toString().replaceAll("/$", ""));
        // the JWK Set, then per rendering: signed, verifies, per key, changed name refused
        assertTrue(passed(output) >= 1 + 3 * 4, output);
        for (String rendering : new String[] {"discovery", "1.0", "0.3"}) {
            assertTrue(output.contains("PASS " + rendering + " card verifies\n"), output);
            assertTrue(output.contains("PASS " + rendering + " card with a changed name does not verify"), output);
        }
    }

    @Test
    void theStoredVectorsAreWhatTheJavaScriptSdkComputesAndVerifies() throws Exception {
        String vectors = new File(System.getProperty("card.vectors.dir", "src/test/resources/card-signing"))
                .getAbsolutePath();
        String output = run("vectors", vectors);
        assertTrue(passed(output) >= 50, output);
    }

    private static String run(String mode, String target) throws Exception {
        File dir = new File(System.getProperty("it.js.dir", "target/it-js"));
        // to a file, not a pipe: a full pipe would stall the script before it exits
        File log = File.createTempFile("card-signatures-" + mode, ".log");
        log.deleteOnExit();
        Process node = new ProcessBuilder("node", "card-signatures.mjs", mode, target).directory(dir)
                .redirectErrorStream(true).redirectOutput(log).start();
        boolean finished = node.waitFor(60, TimeUnit.SECONDS);
        String output = Files.readString(log.toPath(), StandardCharsets.UTF_8);
        if (!finished) {
            node.destroyForcibly();
        }
        System.out.println(output);
        assertTrue(finished, "the check finished: " + output);
        assertEquals(0, node.exitValue(), output);
        return output;
    }

    private static int passed(String output) {
        Matcher summary = SUMMARY.matcher(output);
        assertTrue(summary.find(), output);
        assertEquals("0", summary.group(2), output);
        return Integer.parseInt(summary.group(1));
    }
}
