package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.google.lf.a2a.v1.A2AServiceGrpc;
import com.google.lf.a2a.v1.GetTaskRequest;
import com.google.lf.a2a.v1.Message;
import com.google.lf.a2a.v1.Part;
import com.google.lf.a2a.v1.Role;
import com.google.lf.a2a.v1.SendMessageRequest;
import com.google.lf.a2a.v1.StreamResponse;
import com.google.lf.a2a.v1.Task;
import com.google.protobuf.Struct;
import com.google.protobuf.Value;
import com.google.rpc.ErrorInfo;
import io.grpc.Metadata;
import io.grpc.Status;
import io.grpc.StatusRuntimeException;
import io.grpc.protobuf.StatusProto;
import io.grpc.stub.MetadataUtils;
import java.net.URL;
import java.util.Iterator;
import java.util.UUID;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;
import org.jboss.arquillian.container.test.api.Deployment;
import org.jboss.arquillian.container.test.api.RunAsClient;
import org.jboss.arquillian.junit5.ArquillianExtension;
import org.jboss.arquillian.test.api.ArquillianResource;
import org.jboss.shrinkwrap.api.spec.WebArchive;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.RegisterExtension;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * A2A extensions over gRPC, 1.0 and 0.3 services, with grpc-java's client and the
 * {@link ExtensionSkill} installed: {@code a2a-extensions} metadata activates them, the response
 * headers echo the activated ones, and a call without the required one is FAILED_PRECONDITION
 * with the reason EXTENSION_SUPPORT_REQUIRED (0.3: described as ExtensionSupportRequiredError).
 */
@ExtendWith(ArquillianExtension.class)
@RunAsClient
class ExtensionsGrpcIT {
    private static final Metadata.Key<String> EXTENSIONS = Metadata.Key.of("a2a-extensions",
            Metadata.ASCII_STRING_MARSHALLER);

    @ArquillianResource
    URL base;
    @RegisterExtension
    final GrpcChannel channel = new GrpcChannel(() -> base);
    private final String caller = "grpc-extensions-" + UUID.randomUUID();
    private final AtomicReference<Metadata> responseHeaders = new AtomicReference<>();
    private final AtomicReference<Metadata> trailers = new AtomicReference<>();

    @Deployment(testable = false)
    static WebArchive war() {
        return Deployments.builtWarWith(ExtensionSkill.class);
    }

    private Metadata headers(String extensions) {
        Metadata headers = new Metadata();
        headers.put(Metadata.Key.of("x-switchboard-caller-key", Metadata.ASCII_STRING_MARSHALLER), caller);
        if (extensions != null) {
            headers.put(EXTENSIONS, extensions);
        }
        return headers;
    }

    private A2AServiceGrpc.A2AServiceBlockingStub v1(String extensions) {
        return A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(headers(extensions)),
                MetadataUtils.newCaptureMetadataInterceptor(responseHeaders, trailers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private com.google.a2a.v1.A2AServiceGrpc.A2AServiceBlockingStub v03(String extensions) {
        return com.google.a2a.v1.A2AServiceGrpc.newBlockingStub(channel.get()).withInterceptors(
                MetadataUtils.newAttachHeadersInterceptor(headers(extensions)),
                MetadataUtils.newCaptureMetadataInterceptor(responseHeaders, trailers))
                .withDeadlineAfter(30, TimeUnit.SECONDS);
    }

    private static Struct forTheSkill() {
        return Struct.newBuilder().putFields("skill", Value.newBuilder().setStringValue("extensions").build()).build();
    }

    private static SendMessageRequest send() {
        return SendMessageRequest.newBuilder().setMessage(Message.newBuilder().setMessageId(UUID.randomUUID().toString())
                .setRole(Role.ROLE_USER).addParts(Part.newBuilder().setText("hi")).setMetadata(forTheSkill())).build();
    }

    private static ErrorInfo errorInfo(StatusRuntimeException e) throws Exception {
        com.google.rpc.Status status = StatusProto.fromThrowable(e);
        for (com.google.protobuf.Any detail : status.getDetailsList()) {
            if (detail.is(ErrorInfo.class)) {
                return detail.unpack(ErrorInfo.class);
            }
        }
        throw new AssertionError("no ErrorInfo in " + status);
    }

    @Test
    void theMetadataActivatesTheResponseHeadersEchoAndTheSkillSees() {
        Task task = v1(ExtensionsIT.BOTH).sendMessage(send()).getTask();
        assertEquals(ExtensionsIT.ECHOED, responseHeaders.get().get(EXTENSIONS));
        assertEquals("active: " + ExtensionSkill.CONTRACT + " " + ExtensionSkill.TRACE,
                task.getStatus().getMessage().getParts(0).getText());
        assertEquals("trace", task.getArtifacts(0).getName());

        Iterator<StreamResponse> stream = v1(ExtensionSkill.CONTRACT).sendStreamingMessage(send());
        StreamResponse last = null;
        while (stream.hasNext()) {
            last = stream.next();
        }
        assertEquals(ExtensionSkill.CONTRACT, responseHeaders.get().get(EXTENSIONS), "a stream's headers too");
        assertTrue(last.toString().contains("active: " + ExtensionSkill.CONTRACT), String.valueOf(last));
    }

    @Test
    void withoutTheRequiredOneACallIsFailedPrecondition() throws Exception {
        StatusRuntimeException send = assertThrows(StatusRuntimeException.class,
                () -> v1(ExtensionSkill.TRACE).sendMessage(send()));
        assertEquals(Status.Code.FAILED_PRECONDITION, send.getStatus().getCode(), send.getStatus().toString());
        assertEquals("EXTENSION_SUPPORT_REQUIRED", errorInfo(send).getReason());
        assertTrue(send.getStatus().getDescription().contains(ExtensionSkill.CONTRACT), send.getStatus().toString());

        StatusRuntimeException get = assertThrows(StatusRuntimeException.class,
                () -> v1(null).getTask(GetTaskRequest.newBuilder().setId("any").build()));
        assertEquals("EXTENSION_SUPPORT_REQUIRED", errorInfo(get).getReason());
        assertNull(responseHeaders.get() == null ? null : responseHeaders.get().get(EXTENSIONS),
                "nothing activated, nothing echoed");
    }

    @Test
    void the03ServiceFollowsTheSameRules() throws Exception {
        com.google.a2a.v1.SendMessageRequest request = com.google.a2a.v1.SendMessageRequest.newBuilder()
                .setRequest(com.google.a2a.v1.Message.newBuilder().setMessageId(UUID.randomUUID().toString())
                        .setRole(com.google.a2a.v1.Role.ROLE_USER)
                        .addContent(com.google.a2a.v1.Part.newBuilder().setText("hi")).setMetadata(forTheSkill()))
                .build();
        com.google.a2a.v1.Task task = v03(ExtensionSkill.CONTRACT).sendMessage(request).getTask();
        assertEquals(ExtensionSkill.CONTRACT, responseHeaders.get().get(EXTENSIONS));
        assertEquals("active: " + ExtensionSkill.CONTRACT, task.getStatus().getUpdate().getContent(0).getText());

        StatusRuntimeException refused = assertThrows(StatusRuntimeException.class,
                () -> v03(null).sendMessage(request.toBuilder().setRequest(request.getRequest().toBuilder()
                        .setMessageId(UUID.randomUUID().toString())).build()));
        assertEquals(Status.Code.FAILED_PRECONDITION, refused.getStatus().getCode());
        assertTrue(refused.getStatus().getDescription().startsWith("ExtensionSupportRequiredError: "),
                refused.getStatus().getDescription());
        assertEquals("EXTENSION_SUPPORT_REQUIRED", errorInfo(refused).getReason());
    }
}
