package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.ListTasksRequest;
import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.lf.a2a.v1.TaskState;
import com.google.rpc.BadRequest;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;

/**
 * Bad input on the gRPC services that no gRPC library sends but any client can: request bytes
 * that are no message of the method's type, metadata grpc-servlet cannot read, unary calls with
 * no message or two. Each is INVALID_ARGUMENT in gRPC's form, never UNKNOWN, INTERNAL or an HTTP
 * error, and nothing is stored or logged as an incident.
 */
class GrpcBadInputIT extends OnTomcat {
    @RegisterExtension
    final GrpcChannel channel = new GrpcChannel(() -> base);
    private final String alice = "grpc-bad-input-" + UUID.randomUUID();

    private A2AServiceGrpc.A2AServiceBlockingStub stub() {
        return A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(MetadataUtils.newAttachHeadersInterceptor(
                GrpcIT.headers(alice))).withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    /**
     * A request message that is not its method's protobuf message (a string field that is not
     * UTF-8, bytes that are no message) is INVALID_ARGUMENT with the error table's details, on
     * unary and streaming methods of both services, where grpc-java alone answers UNKNOWN; nothing
     * is stored, and the same bytes made valid are served.
     */
    @Test
    void aMessageThatIsNotItsProtobufTypeIsInvalidArgumentNotUnknown() throws Exception {
        byte[] valid = GrpcIT.send("h\u00e9llo").toByteArray();
        byte[] notUtf8 = valid.clone();
        for (int i = 0; i < notUtf8.length - 1; i++) {
            if (notUtf8[i] == (byte) 0xC3) {
                notUtf8[i + 1] = 'i'; // a two-byte sequence's lead byte, then no continuation
            }
        }
        byte[] noMessage = {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF, (byte) 0xFF};
        Metadata caller = new Metadata();
        caller.put(Metadata.Key.of("x-switchboard-caller-key", Metadata.ASCII_STRING_MARSHALLER), alice);
        io.grpc.Channel asAlice = io.grpc.ClientInterceptors.intercept(channel.get(),
                MetadataUtils.newAttachHeadersInterceptor(caller));
        int before = stub().listTasks(ListTasksRequest.getDefaultInstance()).getTasksCount();
        for (String method : List.of("lf.a2a.v1.A2AService/SendMessage", "lf.a2a.v1.A2AService/SendStreamingMessage",
                "a2a.v1.A2AService/SendMessage", "a2a.v1.A2AService/SendStreamingMessage")) {
            // the 0.3 messages number their fields otherwise: the 1.0 message's bytes may parse there
            for (byte[] body : method.startsWith("lf.") ? List.of(notUtf8, noMessage) : List.of(noMessage)) {
                StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                        () -> rawCall(asAlice, method, body), method);
                assertEquals(Status.Code.INVALID_ARGUMENT, refused.getStatus().getCode(),
                        method + ": " + refused.getStatus());
                assertTrue(refused.getStatus().getDescription().contains("is not a valid"),
                        refused.getStatus().toString());
                assertFalse(refused.getStatus().getDescription().contains("Exception"), refused.getStatus().toString());
                assertEquals("INVALID_REQUEST", GrpcIT.errorInfo(refused).getReason(), method);
                assertTrue(StatusProto.fromThrowable(refused).getDetailsList().stream()
                        .anyMatch(any -> any.is(BadRequest.class)), method);
            }
        }
        assertEquals(before, stub().listTasks(ListTasksRequest.getDefaultInstance()).getTasksCount(),
                "nothing was stored");
        byte[] answer = rawCall(asAlice, "lf.a2a.v1.A2AService/SendMessage", valid);
        assertEquals(TaskState.TASK_STATE_COMPLETED, SendMessageResponse.parseFrom(answer).getTask().getStatus().getState());
    }

    /**
     * Mistakes no gRPC library makes, sent as raw HTTP/2 with curl: metadata grpc-servlet cannot
     * read (a malformed grpc-timeout, a -bin value that is not base64) was an HTTP 500 and an
     * incident in the log; a unary call without a message or with two was grpc-java's INTERNAL.
     * Each is now INVALID_ARGUMENT in gRPC's form, and nothing is logged as an incident.
     */
    @Test
    void wireMistakesAreInvalidArgumentNotHttpErrors() throws Exception {
        Assumptions.assumeTrue(Programs.onPath("curl"), "needs curl with HTTP/2");
        byte[] message = GrpcIT.send("wire").toByteArray();
        byte[] frame = new byte[5 + message.length];
        frame[1] = (byte) (message.length >>> 24);
        frame[2] = (byte) (message.length >>> 16);
        frame[3] = (byte) (message.length >>> 8);
        frame[4] = (byte) message.length;
        System.arraycopy(message, 0, frame, 5, message.length);
        Path one = Files.write(Files.createTempFile("one", ".grpc"), frame);
        byte[] twice = new byte[frame.length * 2];
        System.arraycopy(frame, 0, twice, 0, frame.length);
        System.arraycopy(frame, 0, twice, frame.length, frame.length);
        Path two = Files.write(Files.createTempFile("two", ".grpc"), twice);
        Path none = Files.write(Files.createTempFile("none", ".grpc"), new byte[0]);
        long incidents = GrpcIT.incidentsOnGrpcPaths();
        assertEquals("HTTP/2 200|grpc-status: 0", curlCall(one));
        for (Object[] mistake : new Object[][] {{one, "grpc-timeout: abc"}, {one, "grpc-timeout: 123456789S"},
                {one, "x-probe-bin: !!not base64!!"}, {none, null}, {two, null}}) {
            String answer = curlCall((Path) mistake[0], mistake[1] == null ? new String[0]
                    : new String[] {"-H", (String) mistake[1]});
            assertEquals("HTTP/2 200|grpc-status: 3", answer, Arrays.toString(mistake));
        }
        assertEquals(incidents, GrpcIT.incidentsOnGrpcPaths(), "no incident was logged");
    }

    /** The HTTP status line and grpc-status of one SendMessage call sent with curl, as "status|grpc-status". */
    private String curlCall(Path body, String... headers) throws Exception {
        List<String> command = new ArrayList<>(List.of("curl", "-s", "--http2-prior-knowledge", "-o", "/dev/null",
                "-D", "-", "--data-binary", "@" + body, "-H", "content-type: application/grpc", "-H", "te: trailers",
                "-H", "x-switchboard-caller-key: " + alice));
        command.addAll(List.of(headers));
        command.add("http://" + base.getHost() + ":" + base.getPort() + "/lf.a2a.v1.A2AService/SendMessage");
        Process curl = new ProcessBuilder(command).redirectErrorStream(true).start();
        String out = new String(curl.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(curl.waitFor(30, TimeUnit.SECONDS), "curl ended");
        String status = out.lines().filter(line -> line.startsWith("HTTP/")).findFirst().orElse("?").trim();
        String grpc = out.lines().filter(line -> line.toLowerCase(java.util.Locale.ROOT).startsWith("grpc-status:"))
                .findFirst().orElse("no grpc-status").trim();
        return status + "|" + grpc;
    }

    /** One call of a method with the request's bytes as they are, and the first response's bytes. */
    private static byte[] rawCall(io.grpc.Channel channel, String fullMethodName, byte[] request) {
        io.grpc.MethodDescriptor.Marshaller<byte[]> bytes = new io.grpc.MethodDescriptor.Marshaller<>() {
            @Override
            public java.io.InputStream stream(byte[] value) {
                return new java.io.ByteArrayInputStream(value);
            }

            @Override
            public byte[] parse(java.io.InputStream stream) {
                try {
                    return stream.readAllBytes();
                } catch (IOException e) {
                    throw new java.io.UncheckedIOException(e);
                }
            }
        };
        io.grpc.MethodDescriptor<byte[], byte[]> method = io.grpc.MethodDescriptor.newBuilder(bytes, bytes)
                .setFullMethodName(fullMethodName)
                .setType(fullMethodName.endsWith("Streaming" + "Message") ? io.grpc.MethodDescriptor.MethodType.SERVER_STREAMING
                        : io.grpc.MethodDescriptor.MethodType.UNARY)
                .build();
        io.grpc.CallOptions options = io.grpc.CallOptions.DEFAULT.withDeadlineAfter(30, TimeUnit.SECONDS);
        if (method.getType() == io.grpc.MethodDescriptor.MethodType.UNARY) {
            return io.grpc.stub.ClientCalls.blockingUnaryCall(channel, method, options, request);
        }
        return io.grpc.stub.ClientCalls.blockingServerStreamingCall(channel, method, options, request).next();
    }
}
