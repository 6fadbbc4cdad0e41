package dev.switchboard.config;

/**
 * How much a caller may ask of the server. Zero turns a rate off.
 *
 * @param anonymousPerMinute requests per minute for each anonymous caller
 * @param keyPerMinute       requests per minute for each API key
 * @param dailyCeiling       requests per UTC day from everyone together, the operator included
 * @param maxParts           parts per message
 * @param maxTextChars       characters per text part
 * @param maxMetadataBytes   bytes of metadata per message or request
 * @param maxHistory         messages a task keeps in its history
 */
public record RequestLimits(int anonymousPerMinute, int keyPerMinute, long dailyCeiling, int maxParts,
                            int maxTextChars, int maxMetadataBytes, int maxHistory) {
    public static final RequestLimits DEFAULT = new RequestLimits(120, 1200, 1_000_000, 64, 1_048_576, 16_384, 200);
}
