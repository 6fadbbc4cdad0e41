package dev.switchboard.it;

import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;

/** The machine's command-line tools some tests drive (curl, h2load, wrk): whether one is there. */
final class Programs {
    private Programs() {
    }

    /** Whether an executable of that name is in a directory of the PATH. */
    static boolean onPath(String program) {
        return Arrays.stream(System.getenv().getOrDefault("PATH", "").split(File.pathSeparator))
                .anyMatch(dir -> Files.isExecutable(Path.of(dir, program)));
    }
}
