package dev.switchboard.web.rest;

import java.nio.ByteBuffer;
import java.nio.charset.CharacterCodingException;
import java.nio.charset.CodingErrorAction;
import java.nio.charset.StandardCharsets;

/**
 * A query component's text, percent-decoded as UTF-8 with {@code +} for a space, as browsers and
 * HTTP clients encode query parameters. Unlike the container's decoding, it refuses what does
 * not decode (a {@code %} without two hex digits, bytes that are not UTF-8) instead of keeping
 * the escape or replacing the bytes with U+FFFD.
 */
final class QueryText {
    private QueryText() {
    }

    /** @return the decoded text, or null when {@code raw} is not percent-encoded UTF-8 */
    static String decoded(String raw) {
        if (raw.indexOf('%') < 0 && raw.indexOf('+') < 0) {
            return raw;
        }
        ByteBuffer bytes = ByteBuffer.allocate(raw.length() * 3);
        for (int i = 0; i < raw.length(); i++) {
            char c = raw.charAt(i);
            if (c == '%') {
                int high = i + 2 < raw.length() ? Character.digit(raw.charAt(i + 1), 16) : -1;
                int low = high < 0 ? -1 : Character.digit(raw.charAt(i + 2), 16);
                if (low < 0) {
                    return null;
                }
                bytes.put((byte) (high << 4 | low));
                i += 2;
            } else if (c == '+') {
                bytes.put((byte) ' ');
            } else {
                bytes.put(String.valueOf(c).getBytes(StandardCharsets.UTF_8));
            }
        }
        bytes.flip();
        try {
            return StandardCharsets.UTF_8.newDecoder()
                    .onMalformedInput(CodingErrorAction.REPORT)
                    .onUnmappableCharacter(CodingErrorAction.REPORT)
                    .decode(bytes).toString();
        } catch (CharacterCodingException notUtf8) {
            return null;
        }
    }
}
