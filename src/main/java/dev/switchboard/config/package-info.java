/**
 * Every setting the server reads, under one naming rule (environment, system property, context
 * parameter), checked once at start-up into immutable records; nothing here serves requests. It
 * depends on {@code security} only, to check the key secret and revoked keys it reads.
 */
package dev.switchboard.config;
