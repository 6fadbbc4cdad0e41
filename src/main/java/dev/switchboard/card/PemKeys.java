package dev.switchboard.card;

import com.nimbusds.jose.jwk.Curve;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWK;
import com.nimbusds.jose.jwk.RSAKey;
import java.io.ByteArrayInputStream;
import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.PrivateKey;
import java.security.PublicKey;
import java.security.cert.CertificateFactory;
import java.security.interfaces.ECPrivateKey;
import java.security.interfaces.ECPublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.interfaces.RSAPublicKey;
import java.security.spec.PKCS8EncodedKeySpec;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a signing key from PEM with the JDK alone: an unencrypted PKCS#8 {@code PRIVATE KEY}
 * ({@code openssl pkcs8 -topk8 -nocrypt}) and, for EC keys, the public half beside it as a
 * {@code PUBLIC KEY} or {@code CERTIFICATE} block (the JDK cannot derive an EC public point, and
 * nimbus needs Bouncy Castle to read PEM).
 */
final class PemKeys {
    private static final Pattern BLOCK = Pattern.compile(
            "-----BEGIN ([A-Z ]+)-----([A-Za-z0-9+/=\\s]+)-----END \\1-----");

    private PemKeys() {
    }

    static JWK read(String pem) throws GeneralSecurityException {
        byte[] privateDer = null;
        PublicKey publicKey = null;
        Matcher block = BLOCK.matcher(pem);
        while (block.find()) {
            byte[] der = Base64.getMimeDecoder().decode(block.group(2));
            switch (block.group(1)) {
                case "PRIVATE KEY" -> privateDer = der;
                case "PUBLIC KEY" -> publicKey = publicKey(der);
                case "CERTIFICATE" -> publicKey = publicKey != null ? publicKey : CertificateFactory
                        .getInstance("X.509").generateCertificate(new ByteArrayInputStream(der)).getPublicKey();
                case "EC PRIVATE KEY", "RSA PRIVATE KEY", "ENCRYPTED PRIVATE KEY" -> throw new IllegalArgumentException(
                        block.group(1) + " blocks are not read: convert with openssl pkcs8 -topk8 -nocrypt");
                default -> {
                }
            }
        }
        if (privateDer == null) {
            throw new IllegalArgumentException("no PRIVATE KEY block");
        }
        return jwk(privateKey(privateDer), publicKey);
    }

    /** The JWK of a key pair; an RSA public key may be null, as it is derived from the private one. */
    static JWK jwk(PrivateKey privateKey, PublicKey publicKey) throws GeneralSecurityException {
        if (privateKey instanceof RSAPrivateCrtKey rsa) {
            RSAPublicKey derived = (RSAPublicKey) KeyFactory.getInstance("RSA")
                    .generatePublic(new RSAPublicKeySpec(rsa.getModulus(), rsa.getPublicExponent()));
            return new RSAKey.Builder(derived).privateKey(rsa).build();
        }
        if (privateKey instanceof ECPrivateKey ec && publicKey instanceof ECPublicKey pub) {
            return new ECKey.Builder(Curve.forECParameterSpec(pub.getParams()), pub).privateKey(ec).build();
        }
        throw new IllegalArgumentException(privateKey instanceof ECPrivateKey
                ? "an EC key needs its PUBLIC KEY or CERTIFICATE block in the same file"
                : "not an EC or RSA private key");
    }

    private static PrivateKey privateKey(byte[] der) throws GeneralSecurityException {
        for (String algorithm : new String[] {"EC", "RSA"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePrivate(new PKCS8EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next key type
            }
        }
        throw new IllegalArgumentException("the PRIVATE KEY block is neither EC nor RSA");
    }

    private static PublicKey publicKey(byte[] der) throws GeneralSecurityException {
        for (String algorithm : new String[] {"EC", "RSA"}) {
            try {
                return KeyFactory.getInstance(algorithm).generatePublic(new X509EncodedKeySpec(der));
            } catch (GeneralSecurityException e) {
                // try the next key type
            }
        }
        throw new IllegalArgumentException("the PUBLIC KEY block is neither EC nor RSA");
    }
}
