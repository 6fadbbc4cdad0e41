package dev.switchboard.protocol.json;

import dev.switchboard.protocol.A2AException;
import java.time.DateTimeException;
import java.time.Instant;
import java.time.LocalDateTime;
import java.time.OffsetDateTime;
import java.time.ZoneOffset;
import java.time.chrono.IsoChronology;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeFormatterBuilder;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoField;
import java.time.temporal.TemporalAccessor;
import java.util.Locale;

/**
 * {@code google.protobuf.Timestamp} as 1.0 writes it and as the clients of every line send it:
 * read leniently, written one way.
 */
public final class ProtoTimestamps {
    // ISO-8601 with any fraction up to nanoseconds and an optional offset; STRICT so that
    // February 30th is refused rather than quietly moved.
    private static final DateTimeFormatter PARSER = new DateTimeFormatterBuilder()
            .parseCaseInsensitive()
            .append(DateTimeFormatter.ISO_LOCAL_DATE_TIME)
            .optionalStart()
            .appendOffset("+HH:MM:ss", "Z")
            .optionalEnd()
            .toFormatter(Locale.ROOT)
            .withChronology(IsoChronology.INSTANCE)
            .withResolverStyle(ResolverStyle.STRICT);

    // The 1.0 spec asks for UTC with millisecond precision, whatever precision we hold.
    private static final DateTimeFormatter FORMATTER =
            DateTimeFormatter.ofPattern("uuuu-MM-dd'T'HH:mm:ss.SSS'Z'", Locale.ROOT).withZone(ZoneOffset.UTC);

    private ProtoTimestamps() {
    }

    /**
     * Reads an ISO-8601 date-time leniently: {@code Z} or a {@code ±hh:mm} offset, any number of
     * fraction digits up to nine. A value without a zone, as 0.3 examples show, is read as UTC.
     *
     * @param path where the value sits, for the error
     * @throws A2AException invalid params when the text is not such a date-time
     */
    public static Instant parse(String text, String path) {
        try {
            TemporalAccessor parsed = PARSER.parse(text);
            if (parsed.isSupported(ChronoField.OFFSET_SECONDS)) {
                return OffsetDateTime.from(parsed).toInstant();
            }
            return LocalDateTime.from(parsed).toInstant(ZoneOffset.UTC);
        } catch (DateTimeException e) {
            throw ProtoJson.invalid(path, "must be an ISO-8601 timestamp such as 2025-10-28T10:30:00.000Z");
        }
    }

    /** The 1.0 wire form: UTC, exactly three fraction digits and {@code Z}, e.g. {@code 2025-10-28T10:30:00.000Z}. */
    public static String format(Instant instant) {
        return FORMATTER.format(instant);
    }
}
