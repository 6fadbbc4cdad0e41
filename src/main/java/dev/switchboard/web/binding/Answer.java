package dev.switchboard.web.binding;

import dev.switchboard.observe.OperationCall;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.StreamEvent;
import dev.switchboard.task.EventSink;
import io.opentelemetry.context.Scope;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.Function;

/**
 * What a binding answers to one request, before anything is written: a complete body, or an event
 * stream. Bindings return answers and {@link AnswerWriter} alone turns them into HTTP, so a
 * binding's whole behaviour can be read (and tested) without a container.
 */
public sealed interface Answer permits Answer.Body, Answer.Stream {

    /**
     * A complete answer.
     *
     * @param headers headers beyond the media type, in order (Accept-Encoding on a 415...)
     */
    record Body(int status, String mediaType, byte[] bytes, Map<String, String> headers) implements Answer {
        public Body {
            headers = Map.copyOf(headers);
        }

        public static Body json(int status, String mediaType, byte[] bytes) {
            return new Body(status, mediaType, bytes, Map.of());
        }

        public Body withHeader(String name, String value) {
            Map<String, String> more = new LinkedHashMap<>(headers);
            more.put(name, value);
            return new Body(status, mediaType, bytes, more);
        }
    }

    /**
     * An event stream. {@code start} attaches the stream to its task; the response opens with the
     * first event, so a refusal before it is still answered by {@code refusal}, as a plain error.
     *
     * @param start   attaches a sink to the task's events (the {@code TaskService} call)
     * @param data    the data line of an event, in the binding's and line's shape
     * @param failure the data line that reports a failure inside the stream, or null for a
     *                binding whose streams end without one
     * @param refusal the answer when {@code start} fails before the first event
     */
    record Stream(Start start, Function<StreamEvent, byte[]> data, Function<A2AException, byte[]> failure,
                  Function<RuntimeException, Answer> refusal) implements Answer {

        /**
         * This stream, ending the operation when it is attached (ok) or refused: what an
         * operation's latency is for a stream, the time until the server has taken it on.
         */
        public Stream observedBy(OperationCall operation) {
            Start attach = start;
            return new Stream(sink -> {
                try (Scope traced = operation.enter()) {
                    attach.attach(sink);
                } catch (RuntimeException e) {
                    operation.failed(e);
                    throw e;
                }
                operation.ok();
            }, data, failure, refusal);
        }
    }

    /** Attaches a stream's sink; a refusal is thrown before any event reaches the sink. */
    @FunctionalInterface
    interface Start {
        void attach(EventSink sink);
    }
}
