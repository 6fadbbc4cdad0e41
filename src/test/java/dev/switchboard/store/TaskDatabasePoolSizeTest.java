package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import org.junit.jupiter.api.Test;

class TaskDatabasePoolSizeTest {
    @Test
    void anEmbeddedH2PoolHasTwoConnectionsPerAgentThread() {
        assertEquals(32, TaskDatabase.poolSize("jdbc:h2:file:/var/lib/switchboard/tasks", 16));
        assertEquals(8, TaskDatabase.poolSize("JDBC:H2:mem:tasks", 1), "never fewer than eight");
    }

    @Test
    void aPostgreSqlPoolKeepsHalfAConnectionPerAgentThreadForTheServersSlots() {
        assertEquals(8, TaskDatabase.poolSize("jdbc:postgresql://db/switchboard", 16));
        assertEquals(4, TaskDatabase.poolSize("jdbc:postgresql://db/switchboard", 2), "never fewer than four");
    }

    @Test
    void anotherDatabaseIsRefused() {
        assertThrows(IllegalArgumentException.class, () -> TaskDatabase.poolSize("jdbc:mysql://db/x", 16));
    }
}
