package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The task store on the container's DataSource: Tomcat defines a {@code <Resource>} in the
 * application's context, {@code switchboard.datasource} names it, and tasks land in that
 * database (migrated by the application), not in the data directory's embedded one.
 */
class DataSourceIT {
    private static final String JNDI_NAME = "java:comp/env/jdbc/switchboard";

    @TempDir
    Path temp;

    @Test
    void tasksAreStoredInTheContainersDataSource() throws Exception {
        Path database = temp.resolve("container-db/tasks");
        Path data = temp.resolve("data");
        String taskId;
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), data, Deployments.builtWar(),
                List.of("switchboard.datasource=" + JNDI_NAME))) {
            // as the embedded store does: every commit on disk before the answer, so SIGKILL loses nothing
            defineResource(temp.resolve("base"), "jdbc:h2:file:" + database + ";WRITE_DELAY=0");
            tomcat.start();
            JsonObject task = new JsonRpc(new Http(tomcat.url())).result("SendMessage", JsonRpc.send("pooled"))
                    .getJsonObject("task");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
            taskId = task.getString("id");
            tomcat.kill();
        }

        assertFalse(Files.exists(data.resolve("switchboard.mv.db")), "no embedded database in the data dir");
        try (Connection connection = DriverManager.getConnection("jdbc:h2:file:" + database, "sa", "");
             PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM a2a_task WHERE id = ?")) {
            query.setString(1, taskId);
            try (ResultSet rows = query.executeQuery()) {
                assertTrue(rows.next());
                assertEquals(1, rows.getInt(1), "the task is in the container's database");
            }
        }
    }

    @Test
    void anUnboundNameStopsTheStart() throws Exception {
        try (TomcatProcess tomcat = new TomcatProcess(temp.resolve("base"), temp.resolve("data"),
                Deployments.builtWar(), List.of("switchboard.datasource=java:comp/env/jdbc/missing"))) {
            String log = tomcat.startExpectingFailure();
            assertTrue(log.contains("java:comp/env/jdbc/missing"), log);
        }
    }

    /** The context file an operator writes: conf/Catalina/localhost/ROOT.xml beside webapps/ROOT.war. */
    private static void defineResource(Path base, String jdbcUrl) throws Exception {
        Path context = base.resolve("conf/Catalina/localhost/ROOT.xml");
        Files.createDirectories(context.getParent());
        Files.writeString(context, """
                <Context>
                  <Resource name="jdbc/switchboard" auth="Container" type="javax.sql.DataSource"
                            driverClassName="org.h2.Driver" url="%s" username="sa" password=""
                            maxTotal="8" maxIdle="4"/>
                </Context>
                """.formatted(jdbcUrl));
    }
}
