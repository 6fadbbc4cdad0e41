package dev.switchboard.web.grpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.Message;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.lf.a2a.v1.SendMessageResponse;
import com.google.rpc.BadRequest;
import com.google.rpc.ErrorInfo;
import io.grpc.Metadata;
import io.grpc.MethodDescriptor;
import io.grpc.ServerCall;
import io.grpc.ServerMethodDefinition;
import io.grpc.ServerServiceDefinition;
import io.grpc.Status;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.StreamObserver;
import java.io.ByteArrayInputStream;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class UnreadableRequestsTest {
    /** The service: keeps each request it is given and answers it. */
    private final List<SendMessageRequest> served = new ArrayList<>();
    private final ServerServiceDefinition service = UnreadableRequests.refusedIn(A2AServiceGrpc.bindService(
            new A2AServiceGrpc.A2AServiceImplBase() {
                @Override
                public void sendMessage(SendMessageRequest request, StreamObserver<SendMessageResponse> answer) {
                    served.add(request);
                    answer.onNext(SendMessageResponse.getDefaultInstance());
                    answer.onCompleted();
                }
            }), false);

    /** The call as the transport gives it: records how it ended. */
    private static final class Call<R> extends ServerCall<InputStream, R> {
        private final MethodDescriptor<InputStream, R> method;
        Status status;
        Metadata trailers;
        int sent;

        Call(MethodDescriptor<InputStream, R> method) {
            this.method = method;
        }

        @Override
        public void request(int numMessages) {
        }

        @Override
        public void sendHeaders(Metadata headers) {
        }

        @Override
        public void sendMessage(R message) {
            sent++;
        }

        @Override
        public void close(Status status, Metadata trailers) {
            this.status = status;
            this.trailers = trailers;
        }

        @Override
        public boolean isCancelled() {
            return false;
        }

        @Override
        public MethodDescriptor<InputStream, R> getMethodDescriptor() {
            return method;
        }
    }

    @SuppressWarnings("unchecked")
    private Call<Object> call(byte[] request) {
        ServerMethodDefinition<InputStream, Object> method = (ServerMethodDefinition<InputStream, Object>)
                service.getMethod("lf.a2a.v1.A2AService/SendMessage");
        Call<Object> call = new Call<>(method.getMethodDescriptor());
        ServerCall.Listener<InputStream> listener = method.getServerCallHandler().startCall(call, new Metadata());
        listener.onMessage(new ByteArrayInputStream(request));
        listener.onHalfClose();
        listener.onComplete();
        return call;
    }

    @Test
    @SuppressWarnings("unchecked")
    void aUnaryCallWithoutItsMessageOrWithTwoIsAnInvalidRequest() {
        byte[] request = SendMessageRequest.newBuilder().setMessage(Message.newBuilder().setMessageId("m-2"))
                .build().toByteArray();
        ServerMethodDefinition<InputStream, Object> method = (ServerMethodDefinition<InputStream, Object>)
                service.getMethod("lf.a2a.v1.A2AService/SendMessage");
        Call<Object> none = new Call<>(method.getMethodDescriptor());
        ServerCall.Listener<InputStream> listener = method.getServerCallHandler().startCall(none, new Metadata());
        listener.onHalfClose();
        assertEquals(Status.Code.INVALID_ARGUMENT, none.status.getCode());
        assertEquals("The call carries no SendMessageRequest message", none.status.getDescription());

        Call<Object> two = new Call<>(method.getMethodDescriptor());
        listener = method.getServerCallHandler().startCall(two, new Metadata());
        listener.onMessage(new ByteArrayInputStream(request));
        listener.onMessage(new ByteArrayInputStream(request));
        listener.onHalfClose();
        assertEquals(Status.Code.INVALID_ARGUMENT, two.status.getCode());
        assertTrue(two.status.getDescription().startsWith("The call carries more than one SendMessageRequest"),
                two.status.getDescription());
        assertEquals(List.of(), served);
    }

    @Test
    void aMessageThatParsesReachesTheServiceParsedOnce() {
        SendMessageRequest request = SendMessageRequest.newBuilder()
                .setMessage(Message.newBuilder().setMessageId("m-1")).build();
        Call<Object> call = call(request.toByteArray());
        assertEquals(List.of(request), served);
        assertEquals(1, call.sent);
        assertEquals(Status.Code.OK, call.status.getCode());
    }

    @Test
    void bytesThatAreNoSuchMessageAreAnInvalidRequestTheServiceNeverSees() throws Exception {
        byte[] notUtf8 = SendMessageRequest.newBuilder().setMessage(Message.newBuilder().setMessageId("m\u00e9"))
                .build().toByteArray();
        for (int i = 0; i < notUtf8.length - 1; i++) {
            if (notUtf8[i] == (byte) 0xC3) {
                notUtf8[i + 1] = 'x';
            }
        }
        for (byte[] request : List.of(notUtf8, new byte[] {(byte) 0xFF, (byte) 0xFF, (byte) 0xFF})) {
            Call<Object> call = call(request);
            assertEquals(Status.Code.INVALID_ARGUMENT, call.status.getCode(), call.status.toString());
            assertTrue(call.status.getDescription().startsWith("The request is not a valid SendMessageRequest message: "),
                    call.status.getDescription());
            com.google.rpc.Status details = StatusProto.fromStatusAndTrailers(call.status, call.trailers);
            assertEquals("INVALID_REQUEST", details.getDetails(0).unpack(ErrorInfo.class).getReason());
            assertEquals(1, details.getDetails(1).unpack(BadRequest.class).getFieldViolationsCount());
            assertEquals(0, call.sent);
        }
        assertEquals(List.of(), served);
        assertNull(service.getMethod("lf.a2a.v1.A2AService/NoSuchMethod"));
    }
}
