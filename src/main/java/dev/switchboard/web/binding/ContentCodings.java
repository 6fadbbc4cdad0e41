package dev.switchboard.web.binding;

import java.util.Locale;

/**
 * The request content codings the bindings read: only {@code identity}. The container hands the
 * body over as sent, so a compressed (or unknown) coding would be parsed as if it were JSON; it is
 * refused with 415 and {@code Accept-Encoding: identity} instead (RFC 9110, section 15.5.16).
 */
public final class ContentCodings {
    /** The {@code Accept-Encoding} a refusal names. */
    public static final String ACCEPTED = "identity";

    private ContentCodings() {
    }

    /** Whether a {@code Content-Encoding} value (absent, or a list of codings) leaves the body as sent. */
    public static boolean isIdentity(String contentEncoding) {
        if (contentEncoding == null) {
            return true;
        }
        for (String coding : contentEncoding.split(",", -1)) {
            String name = coding.trim().toLowerCase(Locale.ROOT);
            if (!name.equals("identity") && !name.isEmpty()) {
                return false;
            }
        }
        return true;
    }

    public static String refusal(String contentEncoding) {
        return "Content-Encoding " + contentEncoding.strip() + " is not supported; send the body without a coding";
    }
}
