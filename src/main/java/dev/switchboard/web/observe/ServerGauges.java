package dev.switchboard.web.observe;

import dev.switchboard.observe.Metrics;
import dev.switchboard.web.binding.StreamRegistry;
import java.util.concurrent.ThreadPoolExecutor;

/**
 * The gauges read from the server's own parts at each scrape: what is running now, and what waits.
 * Reading them costs nothing between scrapes.
 */
public final class ServerGauges {
    private ServerGauges() {
    }

    public static void register(Metrics metrics, ThreadPoolExecutor agents, StreamRegistry streams) {
        metrics.gauge("switchboard.streams.open", "Event streams open to clients: server-sent events (JSON-RPC, HTTP+JSON) and gRPC server streams",
                streams::size);
        metrics.gauge("switchboard.agents.running", "Agent runs executing now", agents::getActiveCount);
        metrics.gauge("switchboard.agents.queued", "Agent runs waiting for a thread", () -> agents.getQueue().size());
        metrics.gauge("switchboard.agents.threads", "Threads that run agents", agents::getMaximumPoolSize);
    }
}
