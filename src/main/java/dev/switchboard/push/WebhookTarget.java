package dev.switchboard.push;

import java.net.InetAddress;
import java.net.URI;

/**
 * A webhook URL with the one address it was checked at: the connection goes to that address, so
 * no second DNS answer can send it elsewhere.
 *
 * @param host the host as written in the URL, for the Host header, SNI and certificate checks
 */
public record WebhookTarget(URI url, String host, int port, InetAddress address, boolean https) {
}
