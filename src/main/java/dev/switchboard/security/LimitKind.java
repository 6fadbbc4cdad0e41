package dev.switchboard.security;

/** Which limit refused a request. */
public enum LimitKind {
    /** The caller's own sliding window (per tier) is full. */
    PER_CALLER,
    /** The server-wide ceiling for the current UTC day is reached. */
    DAILY
}
