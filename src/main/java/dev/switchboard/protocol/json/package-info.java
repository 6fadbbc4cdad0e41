/**
 * The A2A 1.0 JSON codecs (ProtoJSON field names and enums) between wire documents and the
 * {@code protocol} model.
 */
package dev.switchboard.protocol.json;
