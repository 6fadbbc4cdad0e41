package dev.switchboard.config;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.util.Properties;

/** Facts about this build, stamped in at packaging time. */
public record BuildInfo(String version) {

    public static BuildInfo load() {
        Properties properties = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream("/dev/switchboard/build.properties")) {
            if (in != null) {
                properties.load(in);
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        String version = properties.getProperty("version", "unknown");
        return new BuildInfo(version.startsWith("${") ? "unknown" : version);
    }
}
