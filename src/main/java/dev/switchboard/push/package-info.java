/**
 * Push notification delivery: signed webhook calls with retries, and the guard that keeps them off
 * private and internal addresses.
 */
package dev.switchboard.push;
