/**
 * The A2A 1.0 JSON codecs (ProtoJSON field names and enums) between wire documents and the
 * {@code protocol} model. It depends on the model and the request records only.
 */
package dev.switchboard.protocol.json;
