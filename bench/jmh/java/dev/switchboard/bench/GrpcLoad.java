package dev.switchboard.bench;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.Message;
import com.google.lf.a2a.v1.Part;
import com.google.lf.a2a.v1.Role;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import io.grpc.ManagedChannel;
import io.grpc.Metadata;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import io.grpc.stub.MetadataUtils;
import java.util.ArrayList;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;

/**
 * A small gRPC load client, the gRPC counterpart of {@code bench/load.sh}'s wrk scenarios: as many
 * connections (channels) as wrk's, one call outstanding on each, the same message as
 * {@code bench/bodies/send.json} or {@code stream.json}, for a fixed time. Prints one line in
 * load.sh's shape; {@code bench/grpc-load.sh} adds the server's CPU per request.
 *
 * <p>{@code jsonrpc-send} sends the same message as a JSON-RPC SendMessage over HTTP/1.1 from this
 * same JVM, one connection per worker: the server's CPU per request of both bindings is then
 * measured under the same client, at the same concurrency and about the same rate (wrk, a few C
 * threads, leaves the server more of the two cores than a JVM client does, and a higher rate
 * shares more of the store's commits).
 *
 * <pre>java -cp ... dev.switchboard.bench.GrpcLoad HOST PORT send|stream|jsonrpc-send CONNECTIONS SECONDS
 * java -cp ... dev.switchboard.bench.GrpcLoad frame FILE</pre>
 * The second writes the SendMessage as one gRPC call's body, for h2load ({@code bench/grpc-pairs.sh}).
 */
public final class GrpcLoad {
    private GrpcLoad() {
    }

    public static void main(String[] args) throws Exception {
        if (args[0].equals("frame")) {
            java.nio.file.Files.write(java.nio.file.Path.of(args[1]), frame(sendRequest()));
            return;
        }
        if (args[2].equals("jsonrpc-send")) {
            System.out.println(JsonRpcLoad.run(args[0], Integer.parseInt(args[1]), Integer.parseInt(args[3]),
                    Long.parseLong(args[4]), System.getenv("GRPC_LOAD_BEARER")));
            return;
        }
        System.out.println(run(args[0], Integer.parseInt(args[1]), args[2].equals("stream"),
                Integer.parseInt(args[3]), Long.parseLong(args[4]), System.getenv("GRPC_LOAD_BEARER")));
    }

    /**
     * One load run; its result as load.sh's {@code LOAD} line.
     *
     * @param bearer a bearer token to present, or null to call anonymously as wrk does
     */
    public static String run(String host, int port, boolean stream, int connections, long seconds, String bearer)
            throws InterruptedException {
        SendMessageRequest request = sendRequest();
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("a2a-version", Metadata.ASCII_STRING_MARSHALLER), "1.0");
        if (bearer != null) {
            headers.put(Metadata.Key.of("authorization", Metadata.ASCII_STRING_MARSHALLER), "Bearer " + bearer);
        }
        List<ManagedChannel> channels = new ArrayList<>();
        List<ClosedLoop.Call> calls = new ArrayList<>();
        for (int c = 0; c < connections; c++) {
            ManagedChannel channel = NettyChannelBuilder.forAddress(host, port).usePlaintext().build();
            channels.add(channel);
            A2AServiceGrpc.A2AServiceBlockingStub stub = A2AServiceGrpc.newBlockingStub(channel)
                    .withInterceptors(MetadataUtils.newAttachHeadersInterceptor(headers));
            calls.add(() -> {
                // a fresh messageId each time, as bench/wrk/report.lua gives wrk's bodies: a
                // repeated first send would be answered with the task it made
                SendMessageRequest fresh = request.toBuilder().setMessage(request.getMessage().toBuilder()
                        .setMessageId(UUID.randomUUID().toString())).build();
                if (stream) {
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).sendStreamingMessage(fresh).forEachRemaining(event -> { });
                } else {
                    stub.withDeadlineAfter(30, TimeUnit.SECONDS).sendMessage(fresh);
                }
                return true;
            });
        }
        try {
            return ClosedLoop.run(calls, seconds);
        } finally {
            channels.forEach(ManagedChannel::shutdownNow);
        }
    }

    /** The SendMessage every run sends: bench/bodies/send.json's message. */
    public static SendMessageRequest sendRequest() {
        return SendMessageRequest.newBuilder().setMessage(Message.newBuilder()
                .setMessageId("0b7e2f4a-6c1d-4e8b-9a3f-5d2c7e1b8a90").setRole(Role.ROLE_USER)
                .addParts(Part.newBuilder().setText("hello from the a2a benchmark: the quick brown fox jumps over"
                        + " the lazy dog 0123456789"))
                .setMetadata(Struct.newBuilder().putFields("bench", Value.newBuilder()
                        .setStringValue("a2a-peer-comparison").build()))).build();
    }

    /**
     * A request as the body of one gRPC call (uncompressed, length-prefixed), for a load tool that
     * sends a fixed body: {@code bench/grpc-pairs.sh} gives it to h2load.
     */
    public static byte[] frame(SendMessageRequest request) {
        byte[] message = request.toByteArray();
        return java.nio.ByteBuffer.allocate(5 + message.length).put((byte) 0).putInt(message.length).put(message)
                .array();
    }
}
