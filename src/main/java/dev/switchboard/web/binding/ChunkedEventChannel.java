package dev.switchboard.web.binding;

import jakarta.ws.rs.container.AsyncResponse;
import jakarta.ws.rs.core.Response;
import java.io.IOException;
import org.glassfish.jersey.server.ChunkedOutput;

/** An event stream over a suspended Jakarta REST response, written through Jersey's chunked output. */
final class ChunkedEventChannel implements EventChannel {
    private final AsyncResponse response;
    private ChunkedOutput<byte[]> output;

    ChunkedEventChannel(AsyncResponse response) {
        this.response = response;
    }

    @Override
    public void open() {
        output = new ChunkedOutput<>(byte[].class);
        response.resume(Response.ok(output, HttpNames.EVENT_STREAM)
                .header(HttpNames.CACHE_CONTROL, "no-cache")
                .header("X-Accel-Buffering", "no")
                .build());
    }

    @Override
    public void write(byte[] frame) throws IOException {
        output.write(frame);
    }

    @Override
    public void close() {
        try {
            output.close();
        } catch (IOException e) {
            // the client is gone already
        }
    }
}
