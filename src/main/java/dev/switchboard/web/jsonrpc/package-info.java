/**
 * The JSON-RPC binding, both protocol lines: a plain dispatcher that reads a call, maps it to one
 * task-service operation with its call context and returns the answer; its failure translator;
 * and the Jakarta REST resource that reads the HTTP request. It depends on {@code web.binding},
 * {@code task}, {@code skill} (the call context), {@code card} (the extended card) and
 * {@code protocol}; never on a filter or on the other binding.
 */
package dev.switchboard.web.jsonrpc;
