package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.a2a.spec.AgentCard;
import io.a2a.spec.AgentInterface;
import java.net.URL;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The scenarios of {@link JavaSdk03InteropIT} with the official A2A Java SDK 0.3 client through the
 * round-robin front of a {@link Cluster}: three Tomcats of the WAR on one PostgreSQL, so the card,
 * the send, the get, the cancel, the stream and the resubscription of one scenario each land on
 * whichever instance is next. The cluster serves no gRPC (the front speaks HTTP/1.1), so its card
 * lists none, and the gRPC scenarios stay with {@link JavaSdk03GrpcInteropIT}.
 */
@JavaSdk03InteropIT.Transports({"JSONRPC", "HTTP+JSON"})
class JavaSdk03ScaleOutIT extends JavaSdk03InteropIT {
    private static Cluster cluster;
    private static Map<String, Integer> servedBefore;

    @BeforeAll
    static void startInstances() throws Exception {
        cluster = Cluster.start();
        servedBefore = cluster.served();
    }

    @AfterAll
    static void everyInstanceServedSomeAndStop() throws InterruptedException {
        if (cluster == null) {
            return;
        }
        try {
            Map<String, Integer> after = cluster.served();
            assertEquals(Cluster.NAMES.size(), after.size(), "calls reached every instance: " + after);
            for (String instance : after.keySet()) {
                assertTrue(after.get(instance) > servedBefore.getOrDefault(instance, 0),
                        instance + " served some of the client's calls: " + after);
            }
        } finally {
            cluster.close();
        }
    }

    @Override
    protected URL agentUrl() {
        return cluster.front();
    }

    /** Replaces the one-instance card check: the front's URL everywhere, and no gRPC. */
    @Override
    @Test
    void theCardCallersWithoutAVersionGetLeads03ClientsToTheir03Endpoints() throws Exception {
        AgentCard card = card();
        String front = cluster.front().toString().replaceAll("/$", "");
        assertEquals("0.3.0", card.protocolVersion());
        assertEquals(front + "/a2a/jsonrpc", card.url(), "the instances publish the front's URL");
        List<String> transports = card.additionalInterfaces().stream().map(AgentInterface::transport).toList();
        assertEquals(List.of("JSONRPC", "HTTP+JSON"), transports);
        assertTrue(card.additionalInterfaces().stream().allMatch(i -> i.url().startsWith(front)),
                card.additionalInterfaces().toString());
        assertFalse(card.skills().isEmpty());
    }
}
