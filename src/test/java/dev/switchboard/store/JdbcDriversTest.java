package dev.switchboard.store;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.Connection;
import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.DriverPropertyInfo;
import java.util.Collections;
import java.util.List;
import java.util.Properties;
import java.util.logging.Logger;
import org.junit.jupiter.api.Test;

class JdbcDriversTest {
    @Test
    void driversOfTheLoaderAreDeregisteredAndOthersStay() throws Exception {
        Driver ours = new TestDriver();
        DriverManager.registerDriver(ours);
        List<String> removed = List.of();
        try {
            removed = JdbcDrivers.deregisterLoadedBy(new ClassLoader(null) { });
            assertTrue(registered(ours), "a driver of another loader stays");

            removed = JdbcDrivers.deregisterLoadedBy(TestDriver.class.getClassLoader());
            assertFalse(registered(ours));
            assertTrue(removed.contains(TestDriver.class.getName()), removed.toString());
        } finally {
            // the test class path's other drivers (H2) came from the same loader: put them back
            for (String name : removed) {
                if (!name.equals(TestDriver.class.getName())) {
                    DriverManager.registerDriver((Driver) Class.forName(name).getConstructor().newInstance());
                }
            }
            DriverManager.deregisterDriver(ours);
        }
    }

    private static boolean registered(Driver driver) {
        return Collections.list(DriverManager.getDrivers()).contains(driver);
    }

    public static final class TestDriver implements Driver {
        @Override
        public Connection connect(String url, Properties info) {
            return null;
        }

        @Override
        public boolean acceptsURL(String url) {
            return false;
        }

        @Override
        public DriverPropertyInfo[] getPropertyInfo(String url, Properties info) {
            return new DriverPropertyInfo[0];
        }

        @Override
        public int getMajorVersion() {
            return 1;
        }

        @Override
        public int getMinorVersion() {
            return 0;
        }

        @Override
        public boolean jdbcCompliant() {
            return false;
        }

        @Override
        public Logger getParentLogger() {
            return Logger.getGlobal();
        }
    }
}
