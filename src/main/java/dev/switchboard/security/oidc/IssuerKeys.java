package dev.switchboard.security.oidc;

import com.nimbusds.jose.KeySourceException;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSelector;
import com.nimbusds.jose.jwk.source.JWKSource;
import com.nimbusds.jose.jwk.source.JWKSourceBuilder;
import com.nimbusds.jose.proc.SecurityContext;
import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonException;
import jakarta.json.JsonObject;
import jakarta.json.JsonReader;
import jakarta.json.JsonString;
import java.io.IOException;
import java.io.StringReader;
import java.net.MalformedURLException;
import java.net.URI;
import java.net.URISyntaxException;
import java.time.Clock;
import java.time.Duration;
import java.time.Instant;
import java.util.List;
import java.util.Locale;

/**
 * The issuer's metadata and signing keys. Its metadata is read on first need, not at start-up, so a provider
 * that is down does not stop the server, and read again at most every {@link #RETRY} while it
 * fails. The JWK Set is nimbus's cached source: kept for {@link #KEYS_TTL}, fetched again when a
 * token names a key it does not hold (a rotation), but at most once per {@link #MIN_REFRESH}, so
 * a flood of tokens with made-up key ids costs the provider nothing.
 */
final class IssuerKeys implements JWKSource<SecurityContext> {
    static final Duration RETRY = Duration.ofSeconds(30);
    static final Duration KEYS_TTL = Duration.ofMinutes(10);
    static final Duration MIN_REFRESH = Duration.ofSeconds(30);

    private final URI issuer;
    private final URI discoveryUrl;
    private final IssuerFetch fetch;
    private final Clock clock;
    private final Duration minRefresh;
    private volatile Metadata metadata;
    private volatile JWKSource<SecurityContext> keys;
    private Instant lastFailure;

    IssuerKeys(URI issuer, URI discoveryUrl, IssuerFetch fetch, Clock clock, Duration minRefresh) {
        this.issuer = issuer;
        this.discoveryUrl = discoveryUrl;
        this.fetch = fetch;
        this.clock = clock;
        this.minRefresh = minRefresh;
    }

    /** What this server uses of the issuer's metadata; the introspection endpoint is optional there. */
    record Metadata(URI jwksUri, URI introspectionEndpoint) {
    }

    @Override
    public List<JWK> get(JWKSelector selector, SecurityContext context) throws KeySourceException {
        metadata();
        return keys.get(selector, context);
    }

    /** The issuer's {@code introspection_endpoint}. @throws KeySourceException when there is none or no metadata */
    URI introspectionEndpoint() throws KeySourceException {
        URI endpoint = metadata().introspectionEndpoint();
        if (endpoint == null) {
            throw new KeySourceException("The issuer's metadata names no introspection_endpoint");
        }
        return endpoint;
    }

    private Metadata metadata() throws KeySourceException {
        Metadata current = metadata;
        if (current != null) {
            return current;
        }
        synchronized (this) {
            if (metadata != null) {
                return metadata;
            }
            if (lastFailure != null && clock.instant().isBefore(lastFailure.plus(RETRY))) {
                throw new KeySourceException("The issuer's metadata could not be read; next try after "
                        + lastFailure.plus(RETRY));
            }
            try {
                Metadata read = read();
                // no refresh ahead: it would start an executor thread of nimbus's own that the
                // container knows nothing of and that outlives an undeploy; an expired set is fetched on demand
                keys = JWKSourceBuilder.create(read.jwksUri().toURL(), fetch)
                        .cache(KEYS_TTL.toMillis(), JWKSourceBuilder.DEFAULT_CACHE_REFRESH_TIMEOUT)
                        .refreshAheadCache(false)
                        .rateLimited(minRefresh.toMillis())
                        .build();
                metadata = read;
                return read;
            } catch (IOException e) {
                lastFailure = clock.instant();
                throw new KeySourceException("The issuer's metadata could not be read: " + e.getMessage(), e);
            }
        }
    }

    /**
     * The issuer's metadata, which must name this issuer exactly (OpenID Connect Discovery 1.0,
     * section 4.3), with its {@code jwks_uri} and, when it has one, {@code introspection_endpoint}.
     */
    Metadata read() throws IOException {
        JsonObject metadata;
        try (JsonReader reader = JsonFactory.createReader(new StringReader(fetch.fetch(discoveryUrl).getContent()))) {
            metadata = reader.readObject();
        } catch (JsonException | IllegalStateException e) {
            throw new IOException(discoveryUrl + " is not a JSON object", e);
        }
        if (!(metadata.get("issuer") instanceof JsonString named) || !named.getString().equals(issuer.toString())) {
            throw new IOException(discoveryUrl + " names another issuer than " + issuer);
        }
        if (!(metadata.get("jwks_uri") instanceof JsonString)) {
            throw new IOException(discoveryUrl + " has no jwks_uri");
        }
        return new Metadata(url(metadata, "jwks_uri"), metadata.get("introspection_endpoint") instanceof JsonString
                ? url(metadata, "introspection_endpoint") : null);
    }

    private URI url(JsonObject metadata, String name) throws IOException {
        try {
            URI uri = new URI(metadata.getString(name));
            String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
            if (!uri.isAbsolute() || uri.getHost() == null || !(scheme.equals("https") || scheme.equals("http"))) {
                throw new IOException(discoveryUrl + " names a " + name + " that is not an http(s) URL");
            }
            uri.toURL();
            return uri;
        } catch (URISyntaxException | MalformedURLException | IllegalArgumentException e) {
            throw new IOException(discoveryUrl + " names a " + name + " that is not a URL", e);
        }
    }
}
