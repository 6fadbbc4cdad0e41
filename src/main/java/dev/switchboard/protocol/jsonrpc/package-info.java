/**
 * The JSON-RPC 2.0 envelope: method names of both protocol lines, request ids, and errors raised
 * before a request reaches its operation. It depends on the {@code protocol} model only.
 */
package dev.switchboard.protocol.jsonrpc;
