package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.File;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.util.concurrent.TimeUnit;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The official A2A JavaScript SDK client (npm {@code @a2a-js/sdk}, installed by the build) against
 * the WAR on Tomcat, over both bindings: discovery, send and get, streaming, cancel, task not found.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class JsSdkInteropIT {
    @Deployment(testable = false)
    static WebArchive war() {
        return Deployments.builtWar();
    }

    @ArquillianResource
    private URL base;

    @ParameterizedTest
    @ValueSource(strings = {"JSONRPC", "HTTP+JSON"})
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
