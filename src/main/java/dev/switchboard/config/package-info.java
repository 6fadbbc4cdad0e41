/**
 * Every setting the server reads, under one naming rule (environment, system property, context
 * parameter), checked once at start-up into immutable records; nothing here serves requests.
 */
package dev.switchboard.config;
