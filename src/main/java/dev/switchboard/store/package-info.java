/**
 * Durable tasks, their event logs and push configurations on JPA (H2 by default, PostgreSQL when
 * instances share the work): migrations, the opening in the background, retention. It imports
 * only the {@code protocol} model and its JSON codecs, and {@code runtime} for its threads.
 */
package dev.switchboard.store;
