package dev.switchboard.store;

import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Optional;

/**
 * A position in the list order (status timestamp descending, then id descending), carried to
 * clients as an opaque page token. Keyset paging: a page never repeats or skips a task because
 * others were added in between.
 */
public record PageCursor(long statusTimestampMillis, String taskId) {
    private static final String VERSION = "1";

    public String token() {
        String plain = VERSION + ":" + statusTimestampMillis + ":" + taskId;
        return Base64.getUrlEncoder().withoutPadding().encodeToString(plain.getBytes(StandardCharsets.UTF_8));
    }

    /** @return the cursor, or empty when the token is not one this server issued */
    public static Optional<PageCursor> parse(String token) {
        if (token == null || token.isEmpty() || token.length() > 1024) {
            return Optional.empty();
        }
        try {
            String plain = new String(Base64.getUrlDecoder().decode(token), StandardCharsets.UTF_8);
            String[] parts = plain.split(":", 3);
            // no task id holds U+0000 (the request checks refuse it), and PostgreSQL would fail on one
            if (parts.length != 3 || !parts[0].equals(VERSION) || parts[2].isEmpty()
                    || parts[2].indexOf('\u0000') >= 0) {
                return Optional.empty();
            }
            return Optional.of(new PageCursor(Long.parseLong(parts[1]), parts[2]));
        } catch (IllegalArgumentException e) {
            return Optional.empty();
        }
    }
}
