package dev.switchboard.bench;

import dev.switchboard.protocol.JsonValues;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.json.RequestCodec;
import dev.switchboard.protocol.json.StreamEventCodec;
import dev.switchboard.protocol.jsonrpc.JsonRpcEnvelope;
import dev.switchboard.protocol.request.SendMessageRequest;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.State;

/** The JSON work of one SendMessage: reading the request envelope and writing the answer. */
@State(Scope.Benchmark)
@BenchmarkMode(Mode.AverageTime)
@OutputTimeUnit(TimeUnit.MICROSECONDS)
public class CodecBenchmark {
    private final Task done = Samples.completed("d57f18e8-d666-4458-92fb-803ea6797be1",
            "893c7bd2-1826-41e5-b133-bd822270814a");

    @Benchmark
    public SendMessageRequest readSendMessage() {
        return RequestCodec.sendMessageRequest(JsonRpcEnvelope.parse(Samples.SEND_MESSAGE).params());
    }

    @Benchmark
    public byte[] writeSendMessageResponse() {
        return JsonValues.bytes(StreamEventCodec.toSendMessageResponse(done));
    }

    @Benchmark
    public byte[] writeStreamEvent() {
        return JsonValues.bytes(StreamEventCodec.toStreamResponse(done));
    }
}
