package dev.switchboard.web.filter;

import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Arrays;
import java.util.Base64;

/**
 * Conditional request evaluation for GET and HEAD (RFC 9110 §13): entity tags, {@code If-None-Match}
 * with weak comparison, and {@code If-Modified-Since}.
 */
public final class Preconditions {
    private static final int TAG_BYTES = 16;

    private Preconditions() {
    }

    /** A strong entity tag derived from the content: equal bytes, equal tag, on every instance. */
    public static String strongTag(byte[] content) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(content);
            return '"' + Base64.getUrlEncoder().withoutPadding().encodeToString(Arrays.copyOf(digest, TAG_BYTES)) + '"';
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is missing from this JVM", e);
        }
    }

    /** Whether a tag is a syntactically valid strong tag ({@code "..."}, not {@code W/"..."}). */
    public static boolean isStrong(String tag) {
        return tag != null && tag.length() >= 2 && tag.charAt(0) == '"' && tag.charAt(tag.length() - 1) == '"'
                && tag.indexOf('"', 1) == tag.length() - 1;
    }

    /**
     * Whether {@code If-None-Match} matches the current representation, meaning a GET or HEAD is
     * answered with 304. {@code *} matches any existing representation; list members are compared
     * weakly (the {@code W/} prefix is ignored on both sides). A malformed member ends the list, so
     * a broken header can only cause a full response, never a wrong 304.
     */
    public static boolean noneMatchHits(String ifNoneMatch, String currentTag) {
        if (ifNoneMatch == null || currentTag == null) {
            return false;
        }
        String current = opaque(currentTag);
        String header = ifNoneMatch.trim();
        if (header.equals("*")) {
            return true;
        }
        int i = 0;
        int n = header.length();
        while (i < n) {
            char c = header.charAt(i);
            if (c == ' ' || c == '\t' || c == ',') {
                i++;
                continue;
            }
            if (header.startsWith("W/", i)) {
                i += 2;
            }
            if (i >= n || header.charAt(i) != '"') {
                return false;
            }
            int end = header.indexOf('"', i + 1);
            if (end < 0) {
                return false;
            }
            if (header.substring(i, end + 1).equals(current)) {
                return true;
            }
            i = end + 1;
        }
        return false;
    }

    /**
     * Whether {@code If-Modified-Since} says the client's copy is current: the representation was
     * last modified at or before that date (compared in whole seconds, the resolution of HTTP dates).
     * An unparseable date is ignored.
     */
    public static boolean notModifiedSince(String ifModifiedSince, long lastModifiedMillis) {
        if (ifModifiedSince == null || lastModifiedMillis < 0) {
            return false;
        }
        try {
            long since = ZonedDateTime.parse(ifModifiedSince.trim(), DateTimeFormatter.RFC_1123_DATE_TIME)
                    .toEpochSecond();
            return lastModifiedMillis / 1000 <= since;
        } catch (DateTimeParseException e) {
            return false;
        }
    }

    private static String opaque(String tag) {
        return tag.startsWith("W/") ? tag.substring(2) : tag;
    }
}
