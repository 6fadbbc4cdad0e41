package dev.switchboard.it;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.function.Predicate;
import java.util.stream.Stream;

/** The managed Tomcat's own log files, read by tests that check what a request left in them. */
final class ServerLog {
    private ServerLog() {
    }

    /** How many lines of the container's {@code catalina.*} logs match; 0 before it has any. */
    static long lines(Predicate<String> matching) throws IOException {
        Path logs = Path.of(System.getProperty("it.tomcat.home"), "logs");
        if (!Files.isDirectory(logs)) {
            return 0;
        }
        long count = 0;
        try (Stream<Path> files = Files.list(logs)) {
            for (Path file : files.filter(f -> f.getFileName().toString().startsWith("catalina.")).toList()) {
                count += Files.readAllLines(file, StandardCharsets.ISO_8859_1).stream().filter(matching).count();
            }
        }
        return count;
    }
}
