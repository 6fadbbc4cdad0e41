/**
 * The A2A operations' requests as records, each parsed once from its envelope, with the field
 * limits every operation checks before it does anything. It depends on the {@code protocol} model
 * only.
 */
package dev.switchboard.protocol.request;
