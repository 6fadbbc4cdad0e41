package dev.switchboard.it;

import java.net.URL;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * An integration test against the built WAR (with the test skill) on the managed Tomcat 11,
 * deployed once per test class, spoken to over HTTP as a client. The build runs a representative
 * set of these classes a second time on Payara Micro 7 ({@code arquillian.launch=payara}, the
 * Payara WAR), so they assert what A2A and HTTP require, not what one container happens to add.
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
abstract class OnTomcat {
    @ArquillianResource
    protected URL base;

    protected Http http;
    protected JsonRpc rpc;

    @Deployment(testable = false)
    static WebArchive war() {
        return Deployments.builtWar();
    }

    @BeforeEach
    void connect() {
        http = new Http(base);
        rpc = new JsonRpc(http);
    }
}
