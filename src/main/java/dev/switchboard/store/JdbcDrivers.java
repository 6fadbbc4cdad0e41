package dev.switchboard.store;

import java.sql.Driver;
import java.sql.DriverManager;
import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.logging.Level;
import java.util.logging.Logger;

/**
 * The JDBC drivers a web application brought with it (H2, PostgreSQL). Loading a driver registers
 * it with the JVM-wide {@link DriverManager}; left there after an undeploy it keeps the
 * application's class loader, and every class in it, alive.
 */
public final class JdbcDrivers {
    private static final Logger LOG = Logger.getLogger(JdbcDrivers.class.getName());

    private JdbcDrivers() {
    }

    /**
     * Deregisters every driver whose class the given loader defined. The pools open no connection
     * through the {@code DriverManager}, so nothing of ours needs them registered.
     *
     * @return the class names of the drivers deregistered
     */
    public static List<String> deregisterLoadedBy(ClassLoader loader) {
        List<String> removed = new ArrayList<>();
        for (Driver driver : Collections.list(DriverManager.getDrivers())) {
            if (driver.getClass().getClassLoader() != loader) {
                continue;
            }
            try {
                DriverManager.deregisterDriver(driver);
                removed.add(driver.getClass().getName());
            } catch (SQLException | SecurityException e) {
                LOG.log(Level.WARNING, "Could not deregister the JDBC driver " + driver.getClass().getName(), e);
            }
        }
        return removed;
    }
}
