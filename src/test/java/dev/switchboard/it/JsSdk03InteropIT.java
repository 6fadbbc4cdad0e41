package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official A2A JavaScript SDK 0.3 client (npm {@code @a2a-js/sdk} 0.3.x, installed by the build
 * beside the 1.x one) against the WAR on Tomcat, over both bindings: discovery, blocking send and
 * get, streaming, resubscribe, cancel, task not found.
 */
class JsSdk03InteropIT extends OnTomcat {

    @ParameterizedTest
    @ValueSource(strings = {"JSONRPC", "HTTP+JSON"})
    void officialJavaScript03ClientInteroperates(String binding) throws Exception {
        File dir = new File(System.getProperty("it.js03.dir", "target/it-js03"));
        String url = base.toString().replaceAll("/$", "");
        Process node = new ProcessBuilder("node", "interop03.mjs", url, binding)
                .directory(dir).redirectErrorStream(true).start();
        boolean finished = node.waitFor(120, TimeUnit.SECONDS);
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            node.destroyForcibly();
        }
        System.out.println(output);
        assertTrue(finished, "the interop client finished: " + output);
        assertEquals(0, node.exitValue(), output);
        assertTrue(output.contains("6 passed, 0 failed"), output);
    }
}
