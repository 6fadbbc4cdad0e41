package dev.switchboard.cli;

import java.util.List;

/** An alias names more than one saved peer; the caller must use a URL. */
final class AmbiguousPeerException extends RuntimeException {
    private final List<String> urls;

    AmbiguousPeerException(String alias, List<String> urls) {
        super("'" + alias + "' is the name of " + urls.size() + " saved peers; use one of their URLs: "
                + String.join(", ", urls));
        this.urls = List.copyOf(urls);
    }

    List<String> urls() {
        return urls;
    }
}
