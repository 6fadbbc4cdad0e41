/**
 * Who is calling: API keys, the operator's token, anonymous callers by key or address behind
 * trusted proxies, and the per-caller and daily request limits.
 */
package dev.switchboard.security;
