package dev.switchboard.runtime;

import java.util.UUID;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * A failure nobody expected, logged once with its stack under a random id. The client's answer
 * names only the id: operators find the cause in the log, clients learn nothing of the internals.
 *
 * @param id the random id the log line and the answer share
 */
public record Incident(String id) {

    /**
     * Logs the failure at SEVERE with a fresh id.
     *
     * @param what what failed, for the log line; null for nothing more than the id
     */
    public static Incident report(Logger log, String what, Throwable cause) {
        Incident incident = new Incident(UUID.randomUUID().toString());
        log.log(Level.SEVERE, "Incident " + incident.id + (what == null ? "" : ": " + what), cause);
        return incident;
    }

    /** How an answer names the incident: {@code (incident <id>)}. */
    public String mention() {
        return "(incident " + id + ")";
    }
}
