package dev.switchboard.it;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.store.TestPostgres;
import jakarta.json.JsonObject;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.sql.Connection;
import java.sql.DriverManager;
import java.sql.PreparedStatement;
import java.sql.ResultSet;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The deployment guide's PostgreSQL routes on a real Tomcat and a real PostgreSQL: the driver in
 * the container's {@code lib}, the database named by a {@code <Resource>} or by the JDBC URL.
 */
class PostgresIT {
    @TempDir
    Path temp;

    @Test
    void aTaskAcknowledgedOnAContainerDataSourceSurvivesAKill() throws Exception {
        String url = TestPostgres.shared().createDatabase();
        Path base = temp.resolve("base");
        String taskId;
        try (TomcatProcess tomcat = new TomcatProcess(base, temp.resolve("data"), Deployments.builtWar(),
                List.of("switchboard.datasource=java:comp/env/jdbc/switchboard"))) {
            withDriver(base);
            Path context = base.resolve("conf/Catalina/localhost/ROOT.xml");
            Files.createDirectories(context.getParent());
            Files.writeString(context, """
                    <Context>
                      <Resource name="jdbc/switchboard" auth="Container" type="javax.sql.DataSource"
                                driverClassName="org.postgresql.Driver" url="%s"
                                maxTotal="8" maxIdle="4"/>
                    </Context>
                    """.formatted(url.replace("&", "&amp;")));
            tomcat.start();
            JsonObject task = new JsonRpc(new Http(tomcat.url())).result("SendMessage", JsonRpc.send("pooled"))
                    .getJsonObject("task");
            assertEquals("TASK_STATE_COMPLETED", task.getJsonObject("status").getString("state"));
            taskId = task.getString("id");
            tomcat.kill();
        }

        assertFalse(Files.exists(temp.resolve("data/switchboard.mv.db")), "no embedded database in the data dir");
        assertEquals(1, tasks(url, taskId), "the acknowledged task is in PostgreSQL after the kill");
    }

    @Test
    void twoInstancesOnOneDatabaseByJdbcUrlServeEachOthersTasks() throws Exception {
        String url = TestPostgres.shared().createDatabase();
        try (TomcatProcess one = instance("one", url); TomcatProcess other = instance("other", url)) {
            one.start();
            shareKeys("one", "other");
            other.start();
            JsonObject task = new JsonRpc(new Http(one.url())).result("SendMessage", JsonRpc.send("shared"))
                    .getJsonObject("task");
            JsonObject fetched = new JsonRpc(new Http(other.url())).result("GetTask",
                    JsonRpc.id(task.getString("id")));
            assertEquals(task.getString("id"), fetched.getString("id"));
            assertEquals("TASK_STATE_COMPLETED", fetched.getJsonObject("status").getString("state"));
            assertEquals(1, tasks(url, task.getString("id")));
        }
    }

    @Test
    void anInstanceWithKeysOfItsOwnTakesNoTaskWork() throws Exception {
        String url = TestPostgres.shared().createDatabase();
        try (TomcatProcess one = instance("first", url); TomcatProcess stranger = instance("stranger", url)) {
            one.start();
            new JsonRpc(new Http(one.url())).result("SendMessage", JsonRpc.send("first"));
            String log = stranger.startUntilLogged("the stranger did not refuse its keys",
                    "copy that instance's push-secrets.key", "Starting ProtocolHandler");
            JsonObject refused = new JsonRpc(new Http(stranger.url())).call("SendMessage", JsonRpc.send("stranger"));
            assertTrue(refused.containsKey("error"), refused.toString());
            assertEquals(1, allTasks(url), "the stranger stored nothing");
            assertTrue(log.contains("SEVERE"), "the refusal is logged as severe");
        }
    }

    /** As the guide says: the instances share the keys the first one made in its data directory. */
    private void shareKeys(String from, String to) throws Exception {
        Files.createDirectories(temp.resolve(to + "-data"));
        for (String key : List.of("push-secrets.key", "push-signing-key.jwk", "card-signing-key.jwk")) {
            Files.copy(temp.resolve(from + "-data").resolve(key), temp.resolve(to + "-data").resolve(key),
                    StandardCopyOption.REPLACE_EXISTING);
        }
    }

    private TomcatProcess instance(String name, String url) throws Exception {
        Path base = temp.resolve(name);
        TomcatProcess tomcat = new TomcatProcess(base, temp.resolve(name + "-data"), Deployments.builtWar(),
                List.of("switchboard.jdbc.url=" + url, "switchboard.instance.id=" + name));
        withDriver(base);
        return tomcat;
    }

    /** As the guide says: the driver goes into the container's lib, the WAR carries none. */
    static void withDriver(Path base) throws Exception {
        Path driver = Path.of(org.postgresql.Driver.class.getProtectionDomain().getCodeSource().getLocation().toURI());
        Files.createDirectories(base.resolve("lib"));
        Files.copy(driver, base.resolve("lib").resolve(driver.getFileName()), StandardCopyOption.REPLACE_EXISTING);
    }

    private static int allTasks(String url) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
             ResultSet rows = connection.createStatement().executeQuery("SELECT COUNT(*) FROM a2a_task")) {
            assertTrue(rows.next());
            return rows.getInt(1);
        }
    }

    private static int tasks(String url, String taskId) throws Exception {
        try (Connection connection = DriverManager.getConnection(url);
             PreparedStatement query = connection.prepareStatement("SELECT COUNT(*) FROM a2a_task WHERE id = ?")) {
            query.setString(1, taskId);
            try (ResultSet rows = query.executeQuery()) {
                assertTrue(rows.next());
                return rows.getInt(1);
            }
        }
    }
}
