/**
 * The HTTP+JSON binding, both protocol lines: one plain operation per route returning its answer,
 * request reading, the failure translator, and the Jakarta REST mounts (the endpoint with its
 * tenant prefix, the origin, and the 0.3 routes under {@code /v1}). It depends on
 * {@code web.binding}, {@code task}, {@code skill} (the call context), {@code card} (the extended
 * card) and {@code protocol}; never on a filter or on the other binding.
 */
package dev.switchboard.web.rest;
