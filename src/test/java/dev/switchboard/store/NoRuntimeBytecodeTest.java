package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import org.hibernate.bytecode.spi.BytecodeProvider;
import org.hibernate.engine.spi.SessionFactoryImplementor;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class NoRuntimeBytecodeTest {
    @TempDir
    Path dir;

    @Test
    void theStoreRunsWithTheProviderThatGeneratesNothing() {
        try (TaskDatabase db = StoreTesting.open(dir)) {
            BytecodeProvider provider = db.entityManagerFactory().unwrap(SessionFactoryImplementor.class)
                    .getServiceRegistry().requireService(BytecodeProvider.class);
            assertEquals(org.hibernate.bytecode.internal.none.BytecodeProviderImpl.class, provider.getClass());
        }
    }
}
