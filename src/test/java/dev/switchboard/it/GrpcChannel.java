package dev.switchboard.it;

import io.grpc.ManagedChannel;
import io.grpc.netty.shaded.io.grpc.netty.NettyChannelBuilder;
import java.net.URL;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import org.junit.jupiter.api.extension.AfterEachCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * A test's grpc-java channel over h2c (prior knowledge, as gRPC clients speak without TLS) to the
 * deployed WAR: opened at the test's first call, shut down after the test. Registered as a field
 * extension; the deployment's URL is read when the channel opens, after Arquillian injected it.
 */
final class GrpcChannel implements AfterEachCallback {
    private final Supplier<URL> base;
    private ManagedChannel channel;

    GrpcChannel(Supplier<URL> base) {
        this.base = base;
    }

    /** The channel of the running test. */
    ManagedChannel get() {
        if (channel == null) {
            channel = open(base.get());
        }
        return channel;
    }

    /** A channel of its own, for a test that needs a second connection; the test shuts it down. */
    static ManagedChannel open(URL base) {
        return NettyChannelBuilder.forAddress(base.getHost(), base.getPort()).usePlaintext().build();
    }

    @Override
    public void afterEach(ExtensionContext context) throws InterruptedException {
        if (channel != null) {
            channel.shutdownNow().awaitTermination(5, TimeUnit.SECONDS);
            channel = null;
        }
    }
}
