/**
 * The JSON-RPC binding, both protocol lines: a plain dispatcher that maps a call to a task-service
 * operation and returns its answer, its failure translator, and the Jakarta REST resource that
 * reads the HTTP request. Depends on {@code web.binding}, {@code task} and {@code protocol} only.
 */
package dev.switchboard.web.jsonrpc;
