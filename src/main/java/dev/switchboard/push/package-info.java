/**
 * Push notification delivery: signed webhook calls with retries, from each config's cursor in the
 * task's stored log, and the guard that keeps them off private and internal addresses. It reads
 * tasks and configs through {@code store}, encodes with the {@code protocol} codecs, and is nudged
 * by {@code task} after every stored event; nothing below {@code web} depends on it.
 */
package dev.switchboard.push;
