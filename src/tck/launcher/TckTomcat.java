import java.nio.file.Files;
import java.nio.file.Path;

import org.apache.catalina.Context;
import org.apache.catalina.Lifecycle;
import org.apache.catalina.Wrapper;
import org.apache.catalina.connector.Connector;
import org.apache.catalina.core.StandardHost;
import org.apache.catalina.startup.Tomcat;
import org.apache.catalina.valves.JsonErrorReportValve;
import org.apache.coyote.http2.Http2Protocol;

/**
 * The conformance harness's servlet container: the harness WAR at the root context of Tomcat's
 * own embedded distribution ({@code tomcat-embed-core}), configured like {@code src/run/tomcat/server.xml}
 * (HTTP/1.1 with HTTP/2 on the same port, the Host's JSON error report).
 *
 * <p>Why not the Tomcat distribution that {@code cargo:run} uses: the TCK lines' gRPC clients are
 * Python's grpcio (C core), which Huffman-codes the names of {@code :path} and {@code :authority};
 * Tomcat 11.0.24 and 11.0.25, the newest distributions Maven Central serves here, refuse those
 * names, 11.0.27 and later decode them, and their embedded jars are served
 * (docs/conformance.md, "gRPC"). Run by {@code scripts/tck-harness.sh} with Java's source
 * launcher, so nothing of it reaches a WAR:
 *
 * <pre>java -cp 'target/tck/tomcat/*' [-Dswitchboard.*=...] src/tck/launcher/TckTomcat.java HOST PORT WAR KEEP_ALIVE_REQUESTS</pre>
 */
public final class TckTomcat {
    private TckTomcat() {
    }

    public static void main(String[] args) throws Exception {
        if (args.length != 4) {
            System.err.println("usage: TckTomcat HOST PORT WAR KEEP_ALIVE_REQUESTS");
            System.exit(2);
        }
        Path war = Path.of(args[2]).toAbsolutePath();
        if (!Files.isRegularFile(war)) {
            throw new IllegalArgumentException("no WAR at " + war);
        }
        Path base = war.resolveSibling("tomcat-base");
        Files.createDirectories(base.resolve("webapps"));

        Tomcat tomcat = new Tomcat();
        tomcat.setBaseDir(base.toString());
        tomcat.getHost().setAppBase(base.resolve("webapps").toString());
        tomcat.getServer().setPort(-1);
        tomcat.setConnector(connector(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[3])));

        StandardHost host = (StandardHost) tomcat.getHost();
        host.setErrorReportValveClass(JsonErrorReportValve.class.getName());
        JsonErrorReportValve report = new JsonErrorReportValve();
        report.setShowReport(false);
        report.setShowServerInfo(false);
        host.getPipeline().addValve(report);

        // the distribution's conf/web.xml without its JSP servlet: the embedded jars have no Jasper
        tomcat.setAddDefaultWebXmlToWebapp(false);
        Context context = tomcat.addWebapp("", war.toString());
        context.addLifecycleListener(event -> {
            if (Lifecycle.BEFORE_START_EVENT.equals(event.getType())) {
                webXmlDefaults(context);
            }
        });
        context.setParentClassLoader(TckTomcat.class.getClassLoader());
        Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(tomcat), "tck-tomcat-stop"));
        tomcat.start();
        if (!context.getState().isAvailable()) {
            System.err.println("the harness WAR did not start; see the log above");
            stop(tomcat);
            System.exit(1);
        }
        tomcat.getServer().await();
    }

    /** As server.xml's connector: h2c beside HTTP/1.1; maxSavePostSize as the server's 4 MB request limit. */
    private static Connector connector(String address, int port, int keepAliveRequests) {
        Connector connector = new Connector("HTTP/1.1");
        connector.setPort(port);
        connector.setProperty("address", address);
        connector.setProperty("connectionTimeout", "20000");
        connector.setProperty("maxKeepAliveRequests", Integer.toString(keepAliveRequests));
        connector.setMaxSavePostSize(4 * 1024 * 1024);
        Http2Protocol http2 = new Http2Protocol();
        // as README's deployment guide: C-core gRPC clients send small connection WINDOW_UPDATEs
        http2.setOverheadWindowUpdateThreshold(0);
        // as README's deployment guide: a stream reset mid-completion must not poison a pooled request
        http2.setDiscardRequestsAndResponses(true);
        // as README's deployment guide: the JDK's HTTP client uploads large bodies in aligned frames
        http2.setInitialWindowSize(65536);
        connector.addUpgradeProtocol(http2);
        return connector;
    }

    private static void webXmlDefaults(Context context) {
        Wrapper servlet = Tomcat.addServlet(context, "default", "org.apache.catalina.servlets.DefaultServlet");
        servlet.setLoadOnStartup(1);
        servlet.setOverridable(true);
        context.addServletMappingDecoded("/", "default");
        context.setSessionTimeout(30);
        Tomcat.addDefaultMimeTypeMappings(context);
        context.addWelcomeFile("index.html");
        context.addWelcomeFile("index.htm");
    }

    private static void stop(Tomcat tomcat) {
        try {
            tomcat.stop();
            tomcat.destroy();
        } catch (Exception e) {
            System.err.println("stopping Tomcat: " + e);
        }
    }
}
