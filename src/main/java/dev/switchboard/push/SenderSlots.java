package dev.switchboard.push;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.HashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Which sends may start now, so that no webhook holds up the deliveries of others. A send takes a
 * slot: there are as many as sender threads; a destination (a webhook's host and port as its URL
 * names them, so no lookup is needed to tell them apart) may hold at most half of them, however
 * many configs point at it; and sends that are likely to be slow (to a destination that recently
 * took long to answer or never did, or of a config whose last attempt failed) share at most half
 * of them. A black-holed webhook therefore costs the others at most one deadline on its first
 * attempt, and nothing after: its later attempts wait among the slow ones.
 */
final class SenderSlots {
    /** How long a destination that answered slowly (or not at all) counts as slow. */
    static final Duration REMEMBER = Duration.ofMinutes(10);
    private static final int PRUNE_AT = 1024;

    /** One send's claim, given back when the send is over. */
    record Slot(String destination, boolean slow) {
    }

    private final int threads;
    private final int perDestination;
    private final int slowSlots;
    private final long slowAfterMillis;
    private final Map<String, Integer> inFlight = new HashMap<>();
    /**
     * Destinations marked slow, until when. Expired marks are dropped as the map grows; live ones
     * are few: each cost a sender thread {@code slowAfter}, so at most
     * {@code threads * REMEMBER / slowAfter} are live.
     */
    private final Map<String, Long> slowUntil = new HashMap<>();
    private int sending;
    private int sendingSlow;

    /**
     * @param threads   sender threads
     * @param slowAfter a send that takes longer marks its destination slow
     */
    SenderSlots(int threads, Duration slowAfter) {
        this.threads = threads;
        this.perDestination = Math.max(1, threads / 2);
        this.slowSlots = Math.max(1, threads / 2);
        this.slowAfterMillis = slowAfter.toMillis();
    }

    /** Whether every slot is taken: nothing can start until a send ends. */
    synchronized boolean full() {
        return sending >= threads;
    }

    /** How many sends could start now, destinations and slowness aside. */
    synchronized int free() {
        return Math.max(0, threads - sending);
    }

    /** Whether sends to the destination are likely slow now. */
    synchronized boolean isSlow(String destination, long nowMillis) {
        Long until = slowUntil.get(destination);
        if (until != null && until <= nowMillis) {
            slowUntil.remove(destination);
            return false;
        }
        return until != null;
    }

    /**
     * @param failing whether the config's last attempt failed
     * @return the slot, or null when the send must wait
     */
    synchronized Slot take(String destination, boolean failing, long nowMillis) {
        boolean slow = failing || isSlow(destination, nowMillis);
        if (sending >= threads || inFlight.getOrDefault(destination, 0) >= perDestination
                || slow && sendingSlow >= slowSlots) {
            return null;
        }
        sending++;
        sendingSlow += slow ? 1 : 0;
        inFlight.merge(destination, 1, Integer::sum);
        return new Slot(destination, slow);
    }

    synchronized void release(Slot slot) {
        sending--;
        sendingSlow -= slot.slow() ? 1 : 0;
        inFlight.computeIfPresent(slot.destination(), (destination, count) -> count > 1 ? count - 1 : null);
    }

    /** How long one send to the destination took, answered or not: a slow one marks it, a quick one clears it. */
    synchronized void took(String destination, long millis, long nowMillis) {
        if (millis > slowAfterMillis) {
            if (slowUntil.size() >= PRUNE_AT) {
                slowUntil.values().removeIf(until -> until <= nowMillis);
            }
            slowUntil.put(destination, nowMillis + REMEMBER.toMillis());
        } else {
            slowUntil.remove(destination);
        }
    }

    /** Whether a send that took this long counts as slow. */
    boolean isSlowSend(long millis) {
        return millis > slowAfterMillis;
    }

    /** The destination of a webhook URL: its host (lower case) and port, as written; no lookup. */
    static String destination(String url) {
        try {
            URI uri = new URI(url);
            if (uri.getHost() != null) {
                int port = uri.getPort() >= 0 ? uri.getPort() : "https".equalsIgnoreCase(uri.getScheme()) ? 443 : 80;
                return uri.getHost().toLowerCase(Locale.ROOT) + ":" + port;
            }
        } catch (URISyntaxException malformed) {
            // such a URL is refused at its first attempt; it is a destination of its own until then
        }
        return url;
    }
}
