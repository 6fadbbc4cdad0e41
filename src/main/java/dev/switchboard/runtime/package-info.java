/**
 * What every part of the server shares to run: named daemon threads and the incident reports that
 * stand in for unexpected failures in answers. Depends on nothing of ours, so any package may use it.
 */
package dev.switchboard.runtime;
