package dev.switchboard.cli;

import java.io.IOException;
import java.net.URI;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Opens a login's authorization URL in the user's browser where there is a display to open it on:
 * {@code xdg-open} on Linux and the BSDs (only when {@code DISPLAY} or {@code WAYLAND_DISPLAY} is
 * set), {@code open} on macOS. The URL is always printed as well (by the login), so a user without
 * a browser here can open it elsewhere; java.awt.Desktop is not used, since it is absent headless.
 */
final class Browser {
    private Browser() {
    }

    /** Whether a browser could open a window here. */
    static boolean hasDisplay(Map<String, String> environment) {
        String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
        if (os.contains("mac") || os.contains("windows")) {
            return true;
        }
        return !blank(environment.get("DISPLAY")) || !blank(environment.get("WAYLAND_DISPLAY"));
    }

    /** The system's opener, doing nothing where there is no display. */
    static Consumer<URI> system(Map<String, String> environment) {
        return url -> {
            if (!hasDisplay(environment)) {
                return;
            }
            String os = System.getProperty("os.name", "").toLowerCase(Locale.ROOT);
            List<String> command = os.contains("mac") ? List.of("open", url.toString())
                    : os.contains("windows") ? List.of("rundll32", "url.dll,FileProtocolHandler", url.toString())
                    : List.of("xdg-open", url.toString());
            try {
                new ProcessBuilder(command).redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            } catch (IOException e) {
                throw new IllegalStateException("cannot run " + command.get(0), e);
            }
        };
    }

    private static boolean blank(String value) {
        return value == null || value.isBlank();
    }
}
