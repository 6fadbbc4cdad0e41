package dev.switchboard.push;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.nimbusds.jose.JWSObject;
import com.nimbusds.jose.Payload;
import com.nimbusds.jose.crypto.ECDSAVerifier;
import com.nimbusds.jose.jwk.ECKey;
import com.nimbusds.jose.jwk.JWKSet;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Clock;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DeliverySignerTest {
    @TempDir
    Path data;

    @Test
    void signsTheBodyVerifiablyWithThePublishedKeyKeptAcrossRestarts() throws Exception {
        DeliverySigner signer = DeliverySigner.inDirectory(data, Clock.systemUTC());
        byte[] body = "{\"statusUpdate\":{\"taskId\":\"t\"}}".getBytes(StandardCharsets.UTF_8);
        String jws = signer.sign(body);
        assertTrue(jws.contains(".."), "payload detached: " + jws);

        JWKSet keys = JWKSet.parse(DeliverySigner.inDirectory(data, Clock.systemUTC()).jwks());
        assertFalse(keys.getKeys().get(0).isPrivate());
        JWSObject parsed = JWSObject.parse(jws, new Payload(body));
        ECKey key = (ECKey) keys.getKeyByKeyId(parsed.getHeader().getKeyID());
        assertTrue(parsed.verify(new ECDSAVerifier(key)));
        assertFalse(JWSObject.parse(jws, new Payload("{}".getBytes(StandardCharsets.UTF_8)))
                .verify(new ECDSAVerifier(key)));

        Path file = data.resolve(DeliverySigner.KEY_FILE);
        assertEquals("rw-------", PosixFilePermissions.toString(Files.getPosixFilePermissions(file)));
    }
}
