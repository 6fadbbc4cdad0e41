/**
 * Servlet filters every request passes before a binding: A2A-Version, conditional GET of static
 * JSON, caller identification, rate limits, request-body limits, and Jersey's deferred start.
 */
package dev.switchboard.web.filter;
