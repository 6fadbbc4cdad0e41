package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;

/**
 * Decides at registration whether a webhook URL may be called at all, from the URL alone: it runs
 * on the request's thread, so it must not wait on the network (host names are judged at delivery).
 */
public interface WebhookCheck {
    /**
     * @throws A2AException invalid params naming {@code field} when the URL must not be used: a
     *                      scheme other than https (or http where allowed), or a literal address
     *                      (or {@code localhost} name) the server may not call
     */
    void check(String url, String field);
}
