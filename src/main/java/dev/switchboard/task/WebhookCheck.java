package dev.switchboard.task;

import dev.switchboard.protocol.A2AException;

/** Decides at registration whether a webhook URL may be called at all. */
public interface WebhookCheck {
    /**
     * @throws A2AException invalid params naming {@code field} when the URL must not be used: a
     *                      scheme other than https (or http where allowed), or a host that
     *                      resolves to an address the server may not call
     */
    void check(String url, String field);
}
