package dev.switchboard.it;

import org.junit.jupiter.api.Test;

/** The integration-test Tomcat, configured as the deployment guide says, answers its own rejections as JSON. */
class ContainerRejectionIT extends OnTomcat {
    @Test
    void requestsTheContainerRejectsAnswerJson() {
        ContainerRejections.assertAnsweredAsJson(base);
    }
}
