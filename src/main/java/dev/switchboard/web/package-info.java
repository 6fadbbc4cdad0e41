/**
 * The HTTP edge: servlets and JAX-RS resources for the JSON-RPC and HTTP+JSON bindings, SSE
 * streams, error bodies, and the application's composition root ({@link dev.switchboard.web.Switchboard}).
 */
package dev.switchboard.web;
