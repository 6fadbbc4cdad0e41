package dev.switchboard.web.binding;

import jakarta.servlet.AsyncContext;
import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.util.Optional;
import java.util.concurrent.CompletionStage;

/**
 * Turns a binding's {@link Answer} into the Jakarta REST response: a body as it is, a stream as an
 * SSE response that opens with its first event. The one place a binding's answer meets HTTP.
 */
public final class AnswerWriter {
    private final StreamRegistry streams;

    public AnswerWriter(StreamRegistry streams) {
        this.streams = streams;
    }

    /** A body answer as a response; streams need {@link #resume}. */
    public static Response response(Answer.Body body) {
        Response.ResponseBuilder response = Response.status(body.status()).type(body.mediaType()).entity(body.bytes());
        body.headers().forEach(response::header);
        return response.build();
    }

    /**
     * Resumes a suspended response with the answer once it is ready. A binding completes its
     * answers normally, failures included; a stage that fails all the same is a defect, handed to
     * the application's exception mappers (incident id, the binding's error shape).
     */
    public void resume(AsyncResponse response, AsyncContext async, CompletionStage<Answer> answer) {
        answer.whenComplete((ready, failure) -> {
            if (failure != null) {
                response.resume(failure);
            } else {
                write(response, async, ready);
            }
        });
    }

    /**
     * Writes an answer to a suspended request: a body through Jakarta REST, a stream straight to
     * the servlet response of the request's asynchronous context.
     *
     * @param async the context the request was suspended with (Jersey starts it before the resource
     *              method runs)
     */
    public void write(AsyncResponse response, AsyncContext async, Answer answer) {
        if (answer instanceof Answer.Stream stream) {
            start(stream, new ServletEventChannel(async)).ifPresent(refusal -> response.resume(response(refusal)));
        } else {
            response.resume(response((Answer.Body) answer));
        }
    }

    /**
     * Attaches a stream to its response. When it is refused before its first event, the answer to
     * write instead is returned; a refusal that is itself a stream (an error as the only event) is
     * started on the same response.
     */
    public Optional<Answer.Body> start(Answer.Stream stream, EventChannel channel) {
        SseStream sse = new SseStream(channel, stream.data(), stream.failure(), streams);
        try {
            stream.start().attach(sse);
            return Optional.empty();
        } catch (RuntimeException e) {
            if (sse.isOpen()) {
                sse.end();
                return Optional.empty();
            }
            Answer refusal = stream.refusal().apply(e);
            return refusal instanceof Answer.Stream again ? start(again, channel) : Optional.of((Answer.Body) refusal);
        }
    }
}
