package dev.switchboard.web.grpc;

import com.google.protobuf.InvalidProtocolBufferException;
import com.google.protobuf.Message;
import com.google.protobuf.MessageOrBuilder;
import com.google.protobuf.util.JsonFormat;
import dev.switchboard.protocol.A2AError;
import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.BoundedJsonReader;
import jakarta.json.JsonObject;
import jakarta.json.JsonStructure;
import java.io.StringReader;

/**
 * A proto message and its proto3 JSON mapping, both ways: the mapping A2A's ProtoJSON is, and the
 * 0.3 proto's JSON that the 0.3 HTTP+JSON routes speak. The wire formats read and write that JSON
 * already, so a gRPC message is one translation from the internal model: every 0.3 message, and
 * the 1.0 messages off the task path (push configs, list filters, cards), whose checks live in
 * their JSON codecs. The 1.0 task messages are mapped directly ({@link V1Requests},
 * {@link V1Results}); printing and parsing text cost them about a tenth of a call.
 */
final class ProtoJsonBridge {
    private static final JsonFormat.Printer PRINTER = JsonFormat.printer().omittingInsignificantWhitespace();
    // fields the model carries beyond a line's proto (0.3 extras, say) are not the client's mistake
    private static final JsonFormat.Parser PARSER = JsonFormat.parser().ignoringUnknownFields();

    private ProtoJsonBridge() {
    }

    /** A request as JSON, read with the same depth bound as every request body. */
    static JsonObject json(MessageOrBuilder message) {
        try {
            return BoundedJsonReader.read(new StringReader(PRINTER.print(message)), BoundedJsonReader.MAX_DEPTH)
                    .asJsonObject();
        } catch (InvalidProtocolBufferException e) {
            throw new A2AException(A2AError.INVALID_REQUEST, "The request could not be read: " + e.getMessage());
        }
    }

    /** A result in a message of the service's type. */
    @SuppressWarnings("unchecked")
    static <M extends Message> M message(JsonStructure json, Message.Builder builder) {
        try {
            PARSER.merge(JsonValues.text(json), builder);
            return (M) builder.build();
        } catch (InvalidProtocolBufferException e) {
            throw new IllegalStateException("a result does not fit its proto message: " + e.getMessage(), e);
        }
    }
}
