package dev.switchboard.web.binding;

import java.io.IOException;

/** A request body grew past the configured limit while it was being read. */
public final class RequestBodyTooLargeException extends IOException {
    public RequestBodyTooLargeException(String message) {
        super(message);
    }
}
