package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The official A2A JavaScript SDK client (npm {@code @a2a-js/sdk}, installed by the build) against
 * the WAR on Tomcat, over each binding the card lists: discovery, send and get, streaming, cancel,
 * task not found. Over gRPC the SDK reads the card over HTTP, then dials the card's GRPC interface
 * in plaintext with its gRPC transport (the optional {@code @grpc/grpc-js} peer).
 */
class JsSdkInteropIT extends OnTomcat {

    @ParameterizedTest
    @ValueSource(strings = {"JSONRPC", "HTTP+JSON", "GRPC"})
    void officialJavaScriptClientInteroperates(String binding) throws Exception {
        File dir = new File(System.getProperty("it.js.dir", "target/it-js"));
        String url = base.toString().replaceAll("/$", "");
        Process node = new ProcessBuilder("node", "interop.mjs", url, binding)
                .directory(dir).redirectErrorStream(true).start();
        boolean finished = node.waitFor(120, TimeUnit.SECONDS);
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        if (!finished) {
            node.destroyForcibly();
        }
        System.out.println(output);
        assertTrue(finished, "the interop client finished: " + output);
        assertEquals(0, node.exitValue(), output);
        assertTrue(output.contains("5 passed, 0 failed"), output);
    }
}
