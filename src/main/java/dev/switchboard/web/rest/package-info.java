/**
 * The HTTP+JSON binding, both protocol lines: one plain operation per route returning its answer,
 * request reading, the failure translator, and the Jakarta REST mounts (the endpoint with its
 * tenant prefix, the origin, and the 0.3 routes under {@code /v1}). Depends on {@code web.binding},
 * {@code task} and {@code protocol} only.
 */
package dev.switchboard.web.rest;
