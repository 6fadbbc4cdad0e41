package dev.switchboard.client;

import dev.switchboard.protocol.StreamEvent;
import java.util.concurrent.Executor;
import java.util.concurrent.Flow;
import java.util.concurrent.SubmissionPublisher;
import java.util.function.Supplier;

/**
 * An {@link EventStream} as a {@link Flow.Publisher}: each subscriber gets its own stream, opened on
 * subscription and read on the executor. {@link SubmissionPublisher#submit} blocks while the
 * subscriber's buffer is full, so reading follows demand; a cancelled subscription closes the stream.
 */
final class StreamPublisher implements Flow.Publisher<StreamEvent> {
    private static final int BUFFER = 32;

    private final Supplier<EventStream> opener;
    private final Executor executor;

    StreamPublisher(Supplier<EventStream> opener, Executor executor) {
        this.opener = opener;
        this.executor = executor;
    }

    @Override
    public void subscribe(Flow.Subscriber<? super StreamEvent> subscriber) {
        EventStream stream;
        try {
            stream = opener.get();
        } catch (RuntimeException e) {
            subscriber.onSubscribe(new Flow.Subscription() {
                @Override
                public void request(long n) {
                }

                @Override
                public void cancel() {
                }
            });
            subscriber.onError(e);
            return;
        }
        SubmissionPublisher<StreamEvent> publisher = new SubmissionPublisher<>(executor, BUFFER);
        publisher.subscribe(subscriber);
        executor.execute(() -> {
            try (stream) {
                while (publisher.hasSubscribers() && stream.hasNext()) {
                    publisher.submit(stream.next());
                }
                publisher.close();
            } catch (RuntimeException e) {
                publisher.closeExceptionally(e);
            }
        });
    }
}
