package dev.switchboard.protocol;

import java.util.Objects;

/**
 * One endpoint of the agent: where it listens, which binding it speaks there and in which
 * protocol line. The card lists them in preference order.
 *
 * @param url             absolute URL of the endpoint
 * @param protocolBinding {@link #JSONRPC}, {@link #HTTP_JSON}, {@link #GRPC} or a URI for a custom binding
 * @param protocolVersion the protocol line spoken at this endpoint
 * @param tenant          tenant the client must name on every call, or null
 */
public record AgentInterface(String url, String protocolBinding, ProtocolVersion protocolVersion, String tenant) {

    public static final String JSONRPC = "JSONRPC";
    public static final String HTTP_JSON = "HTTP+JSON";
    public static final String GRPC = "GRPC";

    public AgentInterface {
        Objects.requireNonNull(url, "url");
        Objects.requireNonNull(protocolBinding, "protocolBinding");
        Objects.requireNonNull(protocolVersion, "protocolVersion");
    }

    public AgentInterface(String url, String protocolBinding, ProtocolVersion protocolVersion) {
        this(url, protocolBinding, protocolVersion, null);
    }
}
