package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretBoxTest {
    @TempDir
    Path data;

    @Test
    void sealsSoOnlyTheSameKeyAndPlaceOpen() throws Exception {
        SecretBox box = SecretBox.inDirectory(data);
        String sealed = box.seal("Bearer-credentials-123", "task/config/credentials");
        assertFalse(sealed.contains("credentials-123"));
        assertNotEquals(sealed, box.seal("Bearer-credentials-123", "task/config/credentials"));
        assertEquals("Bearer-credentials-123", SecretBox.inDirectory(data).open(sealed, "task/config/credentials"));
        assertThrows(IllegalStateException.class, () -> box.open(sealed, "other/config/credentials"));
        assertNull(box.seal(null, "x"));
        assertEquals("rw-------", PosixFilePermissions.toString(
                Files.getPosixFilePermissions(data.resolve(SecretBox.KEY_FILE))));
    }
}
