package dev.switchboard.testing;

import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.logging.Handler;
import java.util.logging.Level;
import java.util.logging.LogRecord;
import java.util.logging.Logger;

/**
 * The records one java.util.logging logger publishes while a test listens: open it before the
 * code under test runs, close it after (try-with-resources or the test's tear-down). Thread-safe:
 * the code under test may log from its own threads.
 */
public final class LogCapture extends Handler implements AutoCloseable {
    // held so that the logger, which java.util.logging keeps weakly, keeps this handler too
    private final Logger logger;
    private final List<LogRecord> records = new CopyOnWriteArrayList<>();

    private LogCapture(Logger logger) {
        this.logger = logger;
        setLevel(Level.ALL);
        logger.addHandler(this);
    }

    /** Starts listening to the logger of that name. */
    public static LogCapture of(String loggerName) {
        return new LogCapture(Logger.getLogger(loggerName));
    }

    /** What was published so far, oldest first. */
    public List<LogRecord> records() {
        return List.copyOf(records);
    }

    /** The messages published so far, oldest first. */
    public List<String> messages() {
        return records.stream().map(LogRecord::getMessage).toList();
    }

    /** What was published at WARNING or above. */
    public List<LogRecord> warnings() {
        return records.stream().filter(r -> r.getLevel().intValue() >= Level.WARNING.intValue()).toList();
    }

    @Override
    public void publish(LogRecord record) {
        records.add(record);
    }

    @Override
    public void flush() {
    }

    /** Stops listening. */
    @Override
    public void close() {
        logger.removeHandler(this);
    }
}
