package dev.switchboard.config;

/**
 * How much a caller may ask of the server. Zero turns a rate off.
 *
 * @param anonymousPerMinute requests per minute from each anonymous caller's address block (its
 *                           address; an IPv6 /64), whatever caller key or cookie it presents
 * @param keyPerMinute       requests per minute for each API key
 * @param dailyCeiling       requests per UTC day from all anonymous callers together; key holders
 *                           and the operator are not counted against it
 * @param failedCredentialsPerMinute refused credentials per minute from one address block, after
 *                           which it is answered 429 until the minute has passed
 * @param anonymousTasksPerMinute    tasks one anonymous address block may start per minute
 * @param maxParts           parts per message
 * @param maxTextChars       characters per text part
 * @param maxMetadataBytes   bytes of metadata per message or request
 * @param maxHistory         messages a task keeps in its history
 * @param maxListBytes       bytes of tasks one ListTasks page carries at most
 */
public record RequestLimits(int anonymousPerMinute, int keyPerMinute, long dailyCeiling, int maxParts,
                            int maxTextChars, int maxMetadataBytes, int maxHistory, int failedCredentialsPerMinute,
                            int anonymousTasksPerMinute, int maxListBytes) {
    public static final RequestLimits DEFAULT = new RequestLimits(120, 1200, 1_000_000, 64, 1_048_576, 16_384, 200,
            20, 30, 4 * 1024 * 1024);
}
