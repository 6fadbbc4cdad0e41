/**
 * The Agent Card this server publishes: built from the settings and installed skills, rendered
 * once with its ETag in the 1.0 and 0.3 shapes, and the extended card each caller's tier earns;
 * the extensions each card lists, which are those a request of its reader may activate.
 * It depends on {@code config}, the {@code protocol} model and its 0.3 codec, {@code skill} for the
 * installed skills, {@code security} for tiers, {@code store} for the signing key's file and
 * {@code runtime} for the thread that signs; the CLI's {@code card} commands reuse it.
 */
package dev.switchboard.card;
