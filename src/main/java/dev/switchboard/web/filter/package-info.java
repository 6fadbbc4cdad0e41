/**
 * Servlet filters every request passes before a binding: request-body limits, caller
 * identification, rate limits, A2A-Version, A2A-Extensions, conditional GET of static JSON, and Jersey's deferred
 * start. Each is built with what it needs; what it finds out goes into the request scope of
 * {@code web.binding}, which it may use, and never the reverse.
 */
package dev.switchboard.web.filter;
