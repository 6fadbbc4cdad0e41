package dev.switchboard.client;

import java.io.IOException;
import java.io.InputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.KeyStore;
import java.security.PrivateKey;
import java.security.cert.Certificate;
import java.security.cert.CertificateFactory;
import java.security.spec.PKCS8EncodedKeySpec;
import java.util.ArrayList;
import java.util.Base64;
import java.util.Collection;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import javax.net.ssl.KeyManagerFactory;
import javax.net.ssl.SSLContext;
import javax.net.ssl.TrustManagerFactory;

/**
 * TLS for the client: a client certificate for mutual TLS (PEM certificate chain + PKCS#8 PEM key,
 * or a PKCS#12 file) and, optionally, extra trusted CA certificates (PEM) for agents whose
 * certificate a private CA signed. Without trusted certificates the JDK's default trust applies.
 *
 * <p>The files are read when a method names them, and their errors thrown there; nothing is read
 * later. Not thread-safe while it is being set up. {@link A2AClient.Builder#tls} takes the
 * {@link #sslContext()} when the builder makes its HTTP client; a caller who supplies an
 * {@code HttpClient} of its own can build it with the same {@link #sslContext()}. Key material and
 * passwords are never logged or shown.
 */
public final class ClientTls {
    private static final Pattern PEM = Pattern.compile(
            "-----BEGIN ([A-Z ]+)-----([A-Za-z0-9+/=\\s]+)-----END \\1-----");
    private static final char[] IN_MEMORY_PASSWORD = "switchboard".toCharArray();

    private KeyStore identity;
    private char[] identityPassword;
    private final List<Certificate> trusted = new ArrayList<>();

    /** A client certificate chain and its private key, both PEM files; the key must be unencrypted PKCS#8. */
    public ClientTls clientCertificatePem(Path certificate, Path privateKey) throws IOException, GeneralSecurityException {
        List<Certificate> chain = certificates(certificate);
        if (chain.isEmpty()) {
            throw new GeneralSecurityException("no certificate in " + certificate);
        }
        PrivateKey key = privateKey(Files.readString(privateKey, StandardCharsets.US_ASCII), privateKey);
        KeyStore store = KeyStore.getInstance("PKCS12");
        store.load(null, null);
        store.setKeyEntry("client", key, IN_MEMORY_PASSWORD, chain.toArray(Certificate[]::new));
        this.identity = store;
        this.identityPassword = IN_MEMORY_PASSWORD;
        return this;
    }

    /** A client certificate and key in a PKCS#12 file. */
    public ClientTls clientCertificatePkcs12(Path file, char[] password) throws IOException, GeneralSecurityException {
        KeyStore store = KeyStore.getInstance("PKCS12");
        try (InputStream in = Files.newInputStream(file)) {
            store.load(in, password);
        }
        this.identity = store;
        this.identityPassword = password == null ? new char[0] : password.clone();
        return this;
    }

    /** Trusts the CA certificates in a PEM file, beside the JDK's defaults. */
    public ClientTls trust(Path pemCertificates) throws IOException, GeneralSecurityException {
        trusted.addAll(certificates(pemCertificates));
        return this;
    }

    public SSLContext sslContext() throws GeneralSecurityException, IOException {
        KeyManagerFactory keys = null;
        if (identity != null) {
            keys = KeyManagerFactory.getInstance(KeyManagerFactory.getDefaultAlgorithm());
            keys.init(identity, identityPassword);
        }
        TrustManagerFactory trust = null;
        if (!trusted.isEmpty()) {
            KeyStore store = KeyStore.getInstance("PKCS12");
            store.load(null, null);
            int i = 0;
            for (Certificate certificate : trusted) {
                store.setCertificateEntry("ca-" + i++, certificate);
            }
            trust = TrustManagerFactory.getInstance(TrustManagerFactory.getDefaultAlgorithm());
            trust.init(store);
        }
        SSLContext context = SSLContext.getInstance("TLS");
        context.init(keys == null ? null : keys.getKeyManagers(), trust == null ? null : trust.getTrustManagers(), null);
        return context;
    }

    private static List<Certificate> certificates(Path pem) throws IOException, GeneralSecurityException {
        try (InputStream in = Files.newInputStream(pem)) {
            Collection<? extends Certificate> all = CertificateFactory.getInstance("X.509").generateCertificates(in);
            return new ArrayList<>(all);
        }
    }

    static PrivateKey privateKey(String pem, Object source) throws GeneralSecurityException {
        Matcher matcher = PEM.matcher(pem);
        while (matcher.find()) {
            if (matcher.group(1).equals("PRIVATE KEY")) {
                byte[] der = Base64.getMimeDecoder().decode(matcher.group(2));
                for (String algorithm : List.of("RSA", "EC", "Ed25519")) {
                    try {
                        return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
                    } catch (GeneralSecurityException e) {
                        // try the next algorithm
                    }
                }
            } else if (matcher.group(1).endsWith("PRIVATE KEY")) {
                throw new GeneralSecurityException(source + " holds a " + matcher.group(1)
                        + "; convert it to unencrypted PKCS#8 (openssl pkcs8 -topk8 -nocrypt) or use PKCS#12");
            }
        }
        throw new GeneralSecurityException("no PKCS#8 private key in " + source);
    }
}
