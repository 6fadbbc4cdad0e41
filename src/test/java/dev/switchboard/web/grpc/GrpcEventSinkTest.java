package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.Message;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Role;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.web.binding.StreamRegistry;
import io.grpc.Status;
import io.grpc.stub.ServerCallStreamObserver;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;
import org.junit.jupiter.api.Test;

/** A stream's events, end and failure on a gRPC call, and a client that cancels freeing it at once. */
class GrpcEventSinkTest {
    /** A server call that records what it is given, and can be cancelled as a client would. */
    private static final class RecordingCall extends ServerCallStreamObserver<String> {
        final List<String> messages = new ArrayList<>();
        Throwable error;
        boolean completed;
        Runnable onCancel;

        void clientCancels() {
            onCancel.run();
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public void setOnCancelHandler(Runnable handler) {
            onCancel = handler;
        }

        @Override
        public void setCompression(String compression) {
        }

        @Override
        public boolean isReady() {
            return true;
        }

        @Override
        public void setOnReadyHandler(Runnable handler) {
        }

        @Override
        public void request(int count) {
        }

        @Override
        public void setMessageCompression(boolean enable) {
        }

        @Override
        public void disableAutoInboundFlowControl() {
        }

        @Override
        public void onNext(String value) {
            messages.add(value);
        }

        @Override
        public void onError(Throwable t) {
            error = t;
        }

        @Override
        public void onCompleted() {
            completed = true;
        }
    }

    private static StreamEvent event(String text) {
        return new Message("m-" + text, null, null, Role.AGENT, List.of(Part.text(text)), null, List.of(), List.of());
    }

    private static String text(StreamEvent event) {
        return ((Message) event).parts().get(0).text();
    }

    @Test
    void eventsAreMessagesAndTheEndCompletesTheCall() throws IOException {
        RecordingCall call = new RecordingCall();
        GrpcEventSink<String> sink = new GrpcEventSink<>(call, GrpcEventSinkTest::text, false);
        sink.event(1, event("one"));
        sink.event(2, event("two"));
        sink.end();
        assertEquals(List.of("one", "two"), call.messages);
        assertTrue(call.completed);
    }

    @Test
    void aFailureIsTheCallsStatus() {
        RecordingCall call = new RecordingCall();
        new GrpcEventSink<>(call, GrpcEventSinkTest::text, false)
                .fail(new A2AException(A2AError.INTERNAL_ERROR, "the store is gone"));
        assertEquals(Status.Code.INTERNAL, Status.fromThrowable(call.error).getCode());
    }

    @Test
    void aClientThatCancelsFreesTheStreamAtOnce() {
        RecordingCall call = new RecordingCall();
        GrpcEventSink<String> sink = new GrpcEventSink<>(call, GrpcEventSinkTest::text, false);
        AtomicInteger freed = new AtomicInteger();
        sink.whenClosed(freed::incrementAndGet);
        call.clientCancels();
        assertEquals(1, freed.get(), "the subscription is dropped when the client goes");
        assertThrows(IOException.class, () -> sink.event(3, event("late")), "no event goes to a cancelled call");
        sink.end();
        assertEquals(List.of(), call.messages);
        assertTrue(!call.completed, "a cancelled call is not completed again");
    }

    @Test
    void anOpenStreamCountsAmongTheOpenStreamsUntilItEndsFailsOrIsCancelled() {
        StreamRegistry streams = new StreamRegistry(3600);
        try {
            RecordingCall ending = new RecordingCall();
            GrpcEventSink<String> ended = new GrpcEventSink<>(ending, GrpcEventSinkTest::text, false);
            ended.counted(streams.opened());
            RecordingCall cancelling = new RecordingCall();
            GrpcEventSink<String> cancelled = new GrpcEventSink<>(cancelling, GrpcEventSinkTest::text, false);
            cancelled.counted(streams.opened());
            GrpcEventSink<String> failed = new GrpcEventSink<>(new RecordingCall(), GrpcEventSinkTest::text, false);
            failed.counted(streams.opened());
            assertEquals(3, streams.size(), "the gauge counts gRPC server streams");
            ended.end();
            ended.end();
            assertEquals(2, streams.size(), "an end is counted once");
            cancelling.clientCancels();
            cancelled.end();
            assertEquals(1, streams.size(), "a cancelled stream is closed once");
            failed.fail(new A2AException(A2AError.INTERNAL_ERROR, "gone"));
            assertEquals(0, streams.size());
        } finally {
            streams.close();
        }
    }
}
