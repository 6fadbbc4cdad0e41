package dev.switchboard.web.grpc;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.task.EventSink;
import io.grpc.stub.ServerCallStreamObserver;
import io.grpc.stub.StreamObserver;
import java.io.IOException;
import java.util.function.Function;

/**
 * A server-streaming call as the place a task's events go: each event one message, the end a
 * normal close, a failure its status. A client that cancels, or whose deadline passes, stops the
 * stream at once: the next event finds it gone and the task's subscription is dropped.
 *
 * @param <R> the service's stream message
 */
final class GrpcEventSink<R> implements EventSink {
    private final ServerCallStreamObserver<R> call;
    private final Function<StreamEvent, R> message;
    private final boolean v03;
    private volatile boolean gone;
    private volatile Runnable onGone = () -> { };
    private volatile Runnable closed = () -> { };

    /** Must be made while the service method runs: that is when a call takes its cancel handler. */
    GrpcEventSink(StreamObserver<R> observer, Function<StreamEvent, R> message, boolean v03) {
        this.call = (ServerCallStreamObserver<R>) observer;
        this.message = message;
        this.v03 = v03;
        call.setOnCancelHandler(() -> {
            gone = true;
            closed.run();
            onGone.run();
        });
    }

    /** Runs {@code action} once the stream is over: ended, failed, refused or cancelled. */
    void counted(Runnable action) {
        closed = action;
        if (gone) {
            action.run();
        }
    }

    @Override
    public void event(long seq, StreamEvent event) throws IOException {
        if (gone) {
            throw new IOException("the client cancelled the call");
        }
        call.onNext(message.apply(event));
    }

    @Override
    public void end() {
        closed.run();
        if (!gone) {
            call.onCompleted();
        }
    }

    @Override
    public void fail(A2AException failure) {
        closed.run();
        if (!gone) {
            call.onError(GrpcFailures.status(failure, v03));
        }
    }

    /** Refuses the stream before its first event. */
    void refuse(Throwable failure) {
        closed.run();
        if (!gone) {
            call.onError(GrpcFailures.status(failure, v03));
        }
    }

    @Override
    public void whenClosed(Runnable action) {
        onGone = action;
        if (gone) {
            action.run();
        }
    }
}
