package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.client.A2AClient;
import dev.switchboard.client.A2AClientException;
import dev.switchboard.client.A2ARemoteException;
import dev.switchboard.client.ClientTls;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.Key;
import java.security.KeyStore;
import java.security.cert.Certificate;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Mutual TLS: the WAR on a Tomcat whose HTTPS connector requires a client certificate signed by a
 * test CA that this test makes with the JDK's keytool. The client presents its certificate as PEM
 * or PKCS#12 and trusts the CA; without a certificate the handshake is refused.
 */
class MutualTlsIT {
    private static final String PASSWORD = "changeit";

    @TempDir
    static Path dir;

    private static TomcatProcess tomcat;
    private static String url;

    @BeforeAll
    static void start() throws Exception {
        Path certs = Files.createDirectories(dir.resolve("certs"));
        makeCertificates(certs);
        int tlsPort = ServerProcess.freePort();
        url = "https://127.0.0.1:" + tlsPort;
        String connector = """
                <Connector port="%d" address="127.0.0.1" protocol="org.apache.coyote.http11.Http11NioProtocol"
                           SSLEnabled="true" scheme="https" secure="true">
                  <SSLHostConfig certificateVerification="required" truststoreFile="%s"
                                 truststorePassword="%s" truststoreType="PKCS12">
                    <Certificate certificateKeystoreFile="%s" certificateKeystorePassword="%s"
                                 certificateKeystoreType="PKCS12" certificateKeyAlias="server"/>
                  </SSLHostConfig>
                </Connector>""".formatted(tlsPort, certs.resolve("truststore.p12"), PASSWORD,
                certs.resolve("server.p12"), PASSWORD);
        tomcat = new TomcatProcess(dir.resolve("tomcat"), dir.resolve("data"), Deployments.builtWar(),
                List.of("switchboard.public.url=" + url), connector);
        tomcat.start();
    }

    @AfterAll
    static void stop() throws InterruptedException {
        if (tomcat != null) {
            tomcat.close();
        }
    }

    private static void keytool(Path certs, String... args) throws Exception {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "keytool").toString()));
        command.addAll(List.of(args));
        command.addAll(List.of("-storepass", PASSWORD, "-storetype", "PKCS12", "-noprompt"));
        Process process = new ProcessBuilder(command).directory(certs.toFile()).redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(60, TimeUnit.SECONDS) && process.exitValue() == 0, "keytool " + args[0] + ": " + output);
    }

    /** A CA, a server certificate for 127.0.0.1 and a client certificate, both signed by the CA. */
    static void makeCertificates(Path certs) throws Exception {
        String[] ec = {"-keyalg", "EC", "-groupname", "secp256r1", "-validity", "2"};
        keytool(certs, concat(new String[] {"-genkeypair", "-alias", "ca", "-dname", "CN=Switchboard Test CA",
                "-ext", "bc:c", "-keystore", "ca.p12"}, ec));
        keytool(certs, "-exportcert", "-alias", "ca", "-rfc", "-file", "ca.pem", "-keystore", "ca.p12");
        for (String[] party : new String[][] {{"server", "CN=127.0.0.1", "serverAuth", "san=ip:127.0.0.1"},
                {"client", "CN=test client", "clientAuth", "san=dns:client.test"}}) {
            String name = party[0];
            keytool(certs, concat(new String[] {"-genkeypair", "-alias", name, "-dname", party[1],
                    "-keystore", name + ".p12"}, ec));
            keytool(certs, "-certreq", "-alias", name, "-file", name + ".csr", "-keystore", name + ".p12");
            keytool(certs, "-gencert", "-alias", "ca", "-infile", name + ".csr", "-outfile", name + ".pem", "-rfc",
                    "-ext", "eku=" + party[2], "-ext", party[3], "-validity", "2", "-keystore", "ca.p12");
            keytool(certs, "-importcert", "-alias", "ca", "-file", "ca.pem", "-keystore", name + ".p12");
            keytool(certs, "-importcert", "-alias", name, "-file", name + ".pem", "-keystore", name + ".p12");
        }
        keytool(certs, "-importcert", "-alias", "ca", "-file", "ca.pem", "-keystore", "truststore.p12");
        // the client's certificate chain and key as PEM files, as most tools hand them out
        KeyStore client = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(certs.resolve("client.p12"))) {
            client.load(in, PASSWORD.toCharArray());
        }
        Key key = client.getKey("client", PASSWORD.toCharArray());
        Files.writeString(certs.resolve("client-key.pem"), pem("PRIVATE KEY", key.getEncoded()));
        StringBuilder chain = new StringBuilder();
        for (Certificate certificate : client.getCertificateChain("client")) {
            chain.append(pem("CERTIFICATE", certificate.getEncoded()));
        }
        Files.writeString(certs.resolve("client-chain.pem"), chain);
    }

    private static String pem(String type, byte[] der) {
        return "-----BEGIN " + type + "-----\n" + Base64.getMimeEncoder(64, "\n".getBytes(StandardCharsets.US_ASCII))
                .encodeToString(der) + "\n-----END " + type + "-----\n";
    }

    private static String[] concat(String[] a, String[] b) {
        String[] all = new String[a.length + b.length];
        System.arraycopy(a, 0, all, 0, a.length);
        System.arraycopy(b, 0, all, a.length, b.length);
        return all;
    }

    private static Path certs() {
        return dir.resolve("certs");
    }

    @Test
    void aPemClientCertificateIsAccepted() throws Exception {
        ClientTls tls = new ClientTls().clientCertificatePem(certs().resolve("client-chain.pem"),
                certs().resolve("client-key.pem")).trust(certs().resolve("ca.pem"));
        A2AClient agent = A2AClient.builder().tls(tls).timeout(Duration.ofSeconds(60)).connect(url);
        assertEquals(url + "/a2a/jsonrpc", agent.agentInterface().url());
        Task task = assertInstanceOf(Task.class, agent.send(ClientIT.echo("over mutual TLS"), false));
        assertEquals(TaskState.COMPLETED, task.status().state());
        assertEquals("over mutual TLS", task.artifacts().get(0).parts().get(0).text());
    }

    @Test
    void aPkcs12ClientCertificateIsAccepted() throws Exception {
        ClientTls tls = new ClientTls().clientCertificatePkcs12(certs().resolve("client.p12"), PASSWORD.toCharArray())
                .trust(certs().resolve("ca.pem"));
        A2AClient agent = A2AClient.builder().tls(tls).connect(url);
        assertThrows(A2ARemoteException.class, () -> agent.getTask("no-such-task"));
    }

    @Test
    void withoutAClientCertificateTheHandshakeIsRefused() throws Exception {
        ClientTls trustOnly = new ClientTls().trust(certs().resolve("ca.pem"));
        A2AClientException e = assertThrows(A2AClientException.class,
                () -> A2AClient.builder().tls(trustOnly).discover(url));
        assertFalse(e instanceof A2ARemoteException);
        assertTrue(e.getMessage().startsWith("cannot reach " + url), e.getMessage());
    }

    @Test
    void theCommandLineTakesTheCertificateAsFiles() throws Exception {
        String java = Path.of(System.getProperty("java.home"), "bin", "java").toString();
        Process process = new ProcessBuilder(java, "-jar", System.getProperty("it.cli.jar", "target/switchboard-cli.jar"),
                "connect", url, "--no-save", "--tls-cert", certs().resolve("client-chain.pem").toString(),
                "--tls-key", certs().resolve("client-key.pem").toString(), "--tls-ca", certs().resolve("ca.pem").toString())
                .redirectErrorStream(true).start();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(process.waitFor(120, TimeUnit.SECONDS));
        assertEquals(0, process.exitValue(), output);
        assertTrue(output.contains("over JSONRPC 1.0 at " + url + "/a2a/jsonrpc"), output);
    }
}
