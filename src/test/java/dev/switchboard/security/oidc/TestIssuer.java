package dev.switchboard.security.oidc;

import com.nimbusds.jose.JOSEException;
import com.nimbusds.jose.JWSAlgorithm;
import com.nimbusds.jose.JWSHeader;
import com.nimbusds.jose.JWSSigner;
import com.nimbusds.jose.crypto.ECDSASigner;
import com.nimbusds.jose.crypto.RSASSASigner;
import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.JWKSet;
import com.nimbusds.jose.jwk.RSAKey;
import com.nimbusds.jose.jwk.gen.ECKeyGenerator;
import com.nimbusds.jose.jwk.gen.RSAKeyGenerator;
import com.nimbusds.jwt.JWTClaimsSet;
import com.nimbusds.jwt.SignedJWT;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * An OpenID Connect issuer for tests: its discovery document and JWK Set served by the JDK's HTTP
 * server on a free loopback port, and tokens signed with its keys. Counts the JWK Set fetches, so a
 * test can see refreshes and their bound.
 */
public final class TestIssuer implements AutoCloseable {
    private final HttpServer server;
    private final List<JWK> published = new CopyOnWriteArrayList<>();
    private final AtomicInteger keyFetches = new AtomicInteger();
    private final AtomicInteger discoveryFetches = new AtomicInteger();
    private final AtomicInteger introspections = new AtomicInteger();
    private final java.util.Map<String, JWTClaimsSet> opaque = new java.util.concurrent.ConcurrentHashMap<>();
    public static final String INTROSPECTION_CLIENT = "switchboard";
    public static final String INTROSPECTION_SECRET = "introspection-secret";
    private volatile String discoveryIssuer;
    private volatile byte[] jwksOverride;
    public final RSAKey rsa;
    public final ECKey ec;

    public TestIssuer() throws IOException, JOSEException {
        rsa = new RSAKeyGenerator(2048).keyID("rsa-1").generate();
        ec = new ECKeyGenerator(Curve.P_256).keyID("ec-1").generate();
        published.add(rsa.toPublicJWK());
        published.add(ec.toPublicJWK());
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        server.createContext("/realms/test/.well-known/openid-configuration", exchange -> {
            discoveryFetches.incrementAndGet();
            String issuer = discoveryIssuer != null ? discoveryIssuer : issuer();
            send(exchange, ("{\"issuer\":\"" + issuer + "\",\"jwks_uri\":\"" + issuer()
                    + "/certs\",\"token_endpoint\":\"" + issuer() + "/token\",\"introspection_endpoint\":\""
                    + issuer() + "/introspect\"}").getBytes(StandardCharsets.UTF_8));
        });
        server.createContext("/realms/test/certs", exchange -> {
            keyFetches.incrementAndGet();
            byte[] body = jwksOverride != null ? jwksOverride
                    : new JWKSet(List.copyOf(published)).toString(true).getBytes(StandardCharsets.UTF_8);
            send(exchange, body);
        });
        server.createContext("/realms/test/introspect", exchange -> {
            introspections.incrementAndGet();
            String expected = "Basic " + java.util.Base64.getEncoder().encodeToString((INTROSPECTION_CLIENT + ":"
                    + INTROSPECTION_SECRET).getBytes(StandardCharsets.UTF_8));
            if (!"POST".equals(exchange.getRequestMethod())
                    || !expected.equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                exchange.sendResponseHeaders(401, -1);
                exchange.close();
                return;
            }
            String form = new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8);
            String token = java.util.Arrays.stream(form.split("&")).filter(p -> p.startsWith("token="))
                    .map(p -> java.net.URLDecoder.decode(p.substring(6), StandardCharsets.UTF_8)).findFirst().orElse("");
            JWTClaimsSet claims = opaque.get(token);
            send(exchange, (claims == null ? "{\"active\":false}"
                    : new JWTClaimsSet.Builder(claims).claim("active", true).build().toString())
                    .getBytes(StandardCharsets.UTF_8));
        });
        server.start();
    }

    /** Makes the introspection endpoint answer for this opaque token with these claims, as active. */
    public void issueOpaque(String token, JWTClaimsSet claims) {
        opaque.put(token, claims);
    }

    public int introspections() {
        return introspections.get();
    }

    private static void send(com.sun.net.httpserver.HttpExchange exchange, byte[] body) throws IOException {
        exchange.getResponseHeaders().set("Content-Type", "application/json");
        exchange.sendResponseHeaders(200, body.length);
        try (OutputStream out = exchange.getResponseBody()) {
            out.write(body);
        }
    }

    public String issuer() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/realms/test";
    }

    /** Adds a key to the published JWK Set, as a provider does when it rotates. */
    public void publish(JWK key) {
        published.add(key.toPublicJWK());
    }

    /** Makes the discovery document name another issuer. */
    public void discoveryNames(String issuer) {
        discoveryIssuer = issuer;
    }

    /** Serves this body as the JWK Set instead of the keys. */
    public void serveKeysAs(byte[] body) {
        jwksOverride = body;
    }

    public int keyFetches() {
        return keyFetches.get();
    }

    public int discoveryFetches() {
        return discoveryFetches.get();
    }

    /** Claims a valid token of this issuer carries: subject, audience, issued now, expiring in five minutes. */
    public JWTClaimsSet.Builder claims(String subject, String audience) {
        long now = System.currentTimeMillis();
        return new JWTClaimsSet.Builder().issuer(issuer()).subject(subject).audience(audience)
                .issueTime(new java.util.Date(now)).expirationTime(new java.util.Date(now + 300_000));
    }

    public String signRs256(JWTClaimsSet claims) throws JOSEException {
        return sign(claims, JWSAlgorithm.RS256, rsa);
    }

    public static String sign(JWTClaimsSet claims, JWSAlgorithm algorithm, JWK key) throws JOSEException {
        JWSSigner signer = key instanceof ECKey ecKey ? new ECDSASigner(ecKey) : new RSASSASigner((RSAKey) key);
        SignedJWT jwt = new SignedJWT(new JWSHeader.Builder(algorithm).keyID(key.getKeyID()).build(), claims);
        jwt.sign(signer);
        return jwt.serialize();
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
