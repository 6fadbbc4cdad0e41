package dev.switchboard.task;

import java.util.concurrent.Future;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Supplier;

/**
 * A cancellation's interrupt of an agent's thread, held back while that thread is in the store.
 *
 * <p>Why: H2 takes an interrupt that comes in the middle of a commit as a failure of the store
 * itself. While a commit waits for another writer's hold on a table's root it sleeps, and an
 * interrupt there fails the commit with a general error and is kept as the database's "background
 * exception", which the next commit of any caller then fails with. The embedded file system copes
 * with interrupts during I/O; this keeps them away from the rest of the database engine. An
 * interrupt that comes while the agent's thread is in the store reaches it as it leaves.
 *
 * <p>Only the agent's own thread is held back: other threads that report for the agent are never
 * interrupted by a cancellation, and for them a store call only hides their own interrupt status
 * from the store for its length.
 */
final class AgentInterrupt {
    private static final int OUTSIDE = 0;
    private static final int INSIDE = 1;
    private static final int OWED = 2;
    private static final int DELIVERING = 3;

    private final AtomicInteger state = new AtomicInteger(OUTSIDE);
    private volatile Thread agent;
    /** Nested store calls of the agent's thread; touched by that thread only. */
    private int depth;

    /** The calling thread runs the agent from now on; called as the turn starts. */
    void agentStarts() {
        agent = Thread.currentThread();
    }

    /** The agent's thread goes back to its pool. */
    void agentEnds() {
        agent = null;
    }

    /**
     * Runs a store call out of a cancellation's reach. The caller's own interrupt status is cleared
     * for the call and set again after it.
     */
    <T> T outOfReach(Supplier<T> storeCall) {
        boolean agentThread = Thread.currentThread() == agent;
        if (agentThread && depth++ == 0) {
            while (!state.compareAndSet(OUTSIDE, INSIDE)) {
                Thread.onSpinWait(); // a canceller is interrupting this thread right now
            }
        }
        boolean interrupted = Thread.interrupted();
        try {
            return storeCall.get();
        } finally {
            boolean owed = agentThread && --depth == 0 && state.getAndSet(OUTSIDE) == OWED;
            if (interrupted || owed) {
                Thread.currentThread().interrupt();
            }
        }
    }

    /** {@link #outOfReach(Supplier)} for a store call that returns nothing. */
    void outOfReach(Runnable storeCall) {
        outOfReach(() -> {
            storeCall.run();
            return null;
        });
    }

    /**
     * Cancels the agent's run and interrupts its thread now, or as it leaves the store if it is in it.
     *
     * @param running the agent's run, as its pool runs it
     */
    void interrupt(Future<?> running) {
        while (true) {
            int now = state.get();
            if (now == OUTSIDE && state.compareAndSet(OUTSIDE, DELIVERING)) {
                try {
                    running.cancel(true);
                } finally {
                    state.set(OUTSIDE);
                }
                return;
            }
            if (now == OWED || now == INSIDE && state.compareAndSet(INSIDE, OWED)) {
                running.cancel(false);
                return;
            }
            Thread.onSpinWait(); // another canceller is delivering, or the state just moved
        }
    }
}
