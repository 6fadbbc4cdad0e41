/**
 * Who is calling and how far they reach: the caller (operator, API key holder, or anonymous by
 * caller key or cookie, its address resolved behind trusted proxies), its
 * {@link dev.switchboard.security.Tier}, API keys, and the limits per address block, per key and
 * per day. It depends on no other package of this server, so every other package may ask who is
 * calling without a loop.
 */
package dev.switchboard.security;
