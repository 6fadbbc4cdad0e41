/**
 * Who is calling and how far they reach: the caller (operator, API key holder, anonymous by key
 * or address behind trusted proxies), its {@link dev.switchboard.security.Tier}, API keys, and the
 * per-caller and daily request limits. It depends on no other package of this server,
 * so every other package may ask who is calling without a loop.
 */
package dev.switchboard.security;
