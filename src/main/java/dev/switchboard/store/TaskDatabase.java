package dev.switchboard.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.ValidationMode;
import java.util.Locale;
import org.flywaydb.core.Flyway;
import org.hibernate.jpa.HibernatePersistenceProvider;

/**
 * The database behind the task store: a pooled connection to H2 in the data directory by default
 * (or the configured JDBC URL), its schema migrated to the current version, and the JPA
 * persistence unit over it.
 */
public final class TaskDatabase implements AutoCloseable {
    private final HikariDataSource dataSource;
    private final EntityManagerFactory emf;

    private TaskDatabase(HikariDataSource dataSource, EntityManagerFactory emf) {
        this.dataSource = dataSource;
        this.emf = emf;
    }

    /**
     * Opens the pool, migrates the schema and starts JPA.
     *
     * @param password may be null; never logged
     */
    public static TaskDatabase open(String jdbcUrl, String user, String password, int poolSize) {
        HikariConfig pool = new HikariConfig();
        pool.setPoolName("switchboard");
        pool.setJdbcUrl(jdbcUrl);
        // named explicitly: DriverManager does not see drivers inside a web application
        pool.setDriverClassName(vendor(jdbcUrl).equals("h2") ? "org.h2.Driver" : "org.postgresql.Driver");
        pool.setUsername(user);
        pool.setPassword(password);
        pool.setMaximumPoolSize(poolSize);
        pool.setMinimumIdle(Math.min(2, poolSize));
        pool.setAutoCommit(false);
        HikariDataSource dataSource = new HikariDataSource(pool);
        try {
            Flyway.configure(TaskDatabase.class.getClassLoader())
                    .dataSource(dataSource)
                    .locations("classpath:db/migration/" + vendor(jdbcUrl))
                    .table("switchboard_schema_history")
                    .load()
                    .migrate();
            PersistenceConfiguration unit = new PersistenceConfiguration("switchboard")
                    .provider(HibernatePersistenceProvider.class.getName())
                    .managedClass(TaskRow.class)
                    .managedClass(TaskEventRow.class)
                    .managedClass(PushConfigRow.class)
                    .property(PersistenceConfiguration.SCHEMAGEN_DATABASE_ACTION, "none")
                    // the rows carry no constraints to validate; starting Bean Validation here
                    // was a second of every cold start
                    .validationMode(ValidationMode.NONE)
                    .property("hibernate.connection.datasource", dataSource)
                    .property("hibernate.connection.provider_disables_autocommit", true)
                    .property("hibernate.jdbc.batch_size", 16)
                    .property("hibernate.order_inserts", true)
                    .property("hibernate.query.plan_cache_max_size", 64)
                    .property("hibernate.boot.allow_jdbc_metadata_access", false)
                    .property("hibernate.dialect", dialect(jdbcUrl));
            EntityManagerFactory emf = new HibernatePersistenceProvider().createEntityManagerFactory(unit);
            return new TaskDatabase(dataSource, emf);
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
    }

    public EntityManagerFactory entityManagerFactory() {
        return emf;
    }

    private static String vendor(String jdbcUrl) {
        String url = jdbcUrl.toLowerCase(Locale.ROOT);
        if (url.startsWith("jdbc:h2:")) {
            return "h2";
        }
        if (url.startsWith("jdbc:postgresql:")) {
            return "postgresql";
        }
        throw new IllegalArgumentException("unsupported database: only H2 and PostgreSQL JDBC URLs are supported");
    }

    private static String dialect(String jdbcUrl) {
        return vendor(jdbcUrl).equals("h2") ? "org.hibernate.dialect.H2Dialect"
                : "org.hibernate.dialect.PostgreSQLDialect";
    }

    @Override
    public void close() {
        try {
            emf.close();
        } finally {
            dataSource.close();
        }
    }
}
