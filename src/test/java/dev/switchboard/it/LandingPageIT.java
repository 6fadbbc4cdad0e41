package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;

/**
 * The landing page in a real browser: headless Chromium (Debian's {@code chromium}, driven by npm
 * {@code playwright-core}, installed by the build into {@code target/it-js}) opens {@code /} on
 * Tomcat, under the Content-Security-Policy the page sends. No console error, failed request or
 * CSP violation; the health shows; a clicked example and a typed question each show the
 * catalogue's answer. The screenshot stays in {@code target/landing-page.png}.
 *
 * <p>Where no Chromium can be started the test is skipped with the reason (an assumption), so
 * a machine without a browser says so instead of passing.
 */
class LandingPageIT extends OnTomcat {
    private static final String CHROMIUM = System.getProperty("it.chromium", "/usr/bin/chromium");
    /** The script's exit code when the browser would not start. */
    private static final int NO_BROWSER = 3;

    @Test
    void personCanAskTheAgentFromTheLandingPage() throws Exception {
        assumeTrue(Files.isExecutable(Path.of(CHROMIUM)),
                "no Chromium at " + CHROMIUM + " (apt-get install chromium, or set -Dit.chromium): "
                        + "the landing page is not checked in a browser");
        File dir = new File(System.getProperty("it.js.dir", "target/it-js"));
        Path screenshot = Path.of(System.getProperty("it.screenshot", "target/landing-page.png")).toAbsolutePath();
        Files.deleteIfExists(screenshot);
        String url = base.toString().replaceAll("/$", "");
        Process node = new ProcessBuilder("node", "landing-page.mjs", url, screenshot.toString(), CHROMIUM)
                .directory(dir).redirectErrorStream(true).start();
        boolean finished = node.waitFor(180, TimeUnit.SECONDS);
        if (!finished) {
            node.destroyForcibly();
        }
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        System.out.println(output);
        assertTrue(finished, "the browser check finished: " + output);
        assumeTrue(node.exitValue() != NO_BROWSER, "Chromium could not be started here: " + output);
        assertEquals(0, node.exitValue(), output);
        assertTrue(output.contains("landing page: ok"), output);
        assertTrue(Files.size(screenshot) > 0, "a screenshot at " + screenshot);
    }
}
