/**
 * The JSON-RPC 2.0 envelope: method names of both protocol lines, request ids, and errors raised
 * before a request reaches its operation.
 */
package dev.switchboard.protocol.jsonrpc;
