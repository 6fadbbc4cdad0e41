package dev.switchboard.store;

import com.zaxxer.hikari.HikariConfig;
import com.zaxxer.hikari.HikariDataSource;
import jakarta.persistence.EntityManagerFactory;
import jakarta.persistence.PersistenceConfiguration;
import jakarta.persistence.ValidationMode;
import java.sql.Connection;
import java.sql.Driver;
import java.sql.SQLException;
import java.time.Clock;
import java.time.Duration;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.function.Consumer;
import java.util.function.Supplier;
import javax.naming.InitialContext;
import javax.naming.NamingException;
import javax.sql.DataSource;
import org.hibernate.jpa.HibernatePersistenceProvider;

/**
 * The database behind the task store: a pooled connection to H2 in the data directory by default
 * (or the configured JDBC URL), or the container's DataSource named in JNDI; its schema migrated
 * to the current version (when it is not already), and the JPA persistence unit over it.
 */
public final class TaskDatabase implements AutoCloseable {
    /** Our own pool, closed with the database; null for the container's, which the container closes. */
    /** How long closing waits for the pool's threads to exit after the pool closed: a moment, normally. */
    private static final Duration POOL_THREADS_END = Duration.ofSeconds(2);

    private final HikariDataSource ownPool;
    private final EntityManagerFactory emf;
    private final H2Compaction compaction;
    private final DataSource dataSource;
    private final String vendor;
    private volatile TaskRetention retention;
    private NoticeListener notices;
    private boolean closed;

    private TaskDatabase(HikariDataSource ownPool, EntityManagerFactory emf, H2Compaction compaction,
                         DataSource dataSource, String vendor) {
        this.vendor = vendor;
        this.ownPool = ownPool;
        this.emf = emf;
        this.compaction = compaction;
        this.dataSource = dataSource;
    }

    /**
     * The connections the application's own pool holds for a JDBC URL, given the agent threads.
     * An H2 database is in the process: a connection is a session object, not a server's slot, and
     * every SendMessage takes one on its request thread (the first-send lookup) besides the agent
     * thread's writes, so the pool has two per agent thread; a smaller one made request threads
     * queue for connections (at 64 concurrent SendMessage and 8 connections, handing connections
     * to waiting threads took 62 µs per request, and each SendMessage cost 16% more CPU than with
     * 32: docs/performance.md). A PostgreSQL server's
     * connections are shared by every instance and planned in its {@code max_connections}: half
     * an agent thread each, at least 4 (README, scale-out).
     */
    public static int poolSize(String jdbcUrl, int agentThreads) {
        return vendor(jdbcUrl).equals("h2") ? Math.max(8, agentThreads * 2) : Math.max(4, agentThreads / 2);
    }

    /**
     * Opens the pool, migrates the schema and starts JPA.
     *
     * @param password may be null; never logged
     */
    public static TaskDatabase open(String jdbcUrl, String user, String password, int poolSize) {
        if (vendor(jdbcUrl).equals("h2")) {
            UninterruptibleFilePath.register();
        }
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
        pool.setThreadFactory(new PoolThreads("switchboard-pool"));
        HikariDataSource dataSource = new HikariDataSource(pool);
        try {
            EntityManagerFactory emf = start(dataSource, vendor(jdbcUrl), true);
            return new TaskDatabase(dataSource, emf,
                    vendor(jdbcUrl).equals("h2") ? H2Compaction.start(dataSource) : null, dataSource,
                    vendor(jdbcUrl));
        } catch (RuntimeException e) {
            dataSource.close();
            throw e;
        }
    }

    /**
     * The container's DataSource bound under the JNDI name; looked up at once, so that a name
     * nothing is bound to stops the start-up.
     *
     * @throws IllegalStateException when nothing, or no DataSource, is bound there
     */
    public static DataSource find(String jndiName) {
        try {
            Object bound = new InitialContext().lookup(jndiName);
            if (!(bound instanceof DataSource found)) {
                throw new IllegalStateException("JNDI name " + jndiName + " is not a DataSource: "
                        + (bound == null ? "null" : bound.getClass().getName()));
            }
            return found;
        } catch (NamingException e) {
            throw new IllegalStateException("no DataSource under JNDI name " + jndiName + ": " + e.getMessage(), e);
        }
    }

    /**
     * Migrates the container's database (a Tomcat {@code <Resource>}, a Payara JDBC resource) and
     * starts JPA over it; the container owns the pool, and the database's own metadata says
     * whether it is H2 or PostgreSQL.
     *
     * @throws IllegalStateException when the database cannot be reached or is neither
     */
    public static TaskDatabase over(DataSource dataSource, String jndiName) {
        String vendor;
        try (Connection connection = dataSource.getConnection()) {
            vendor = vendorOfProduct(connection.getMetaData().getDatabaseProductName());
        } catch (SQLException e) {
            throw new IllegalStateException("cannot connect to the DataSource " + jndiName + ": " + e.getMessage(), e);
        }
        // a container pool hands out connections in auto-commit mode unless configured otherwise
        return new TaskDatabase(null, start(dataSource, vendor, false),
                vendor.equals("h2") ? H2Compaction.start(dataSource) : null, dataSource, vendor);
    }

    private static EntityManagerFactory start(DataSource dataSource, String vendor, boolean poolDisablesAutoCommit) {
        SchemaMigrations.bringUpToDate(dataSource, vendor, TaskDatabase.class.getClassLoader());
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
                .property("hibernate.connection.provider_disables_autocommit", poolDisablesAutoCommit)
                .property("hibernate.jdbc.batch_size", 16)
                .property("hibernate.order_inserts", true)
                .property("hibernate.query.plan_cache_max_size", 64)
                .property("hibernate.boot.allow_jdbc_metadata_access", false)
                // (no runtime bytecode generation at start either: see NoRuntimeBytecode)
                // without the JDBC metadata Hibernate resolves its dialect from the product's name,
                // as it would from the metadata (naming the dialect class instead logs a warning)
                .property("jakarta.persistence.database-product-name", vendor.equals("h2") ? "H2" : "PostgreSQL");
        return new HibernatePersistenceProvider().createEntityManagerFactory(unit);
    }

    public EntityManagerFactory entityManagerFactory() {
        return emf;
    }

    /** Which database this is: {@code h2} or {@code postgresql}, as the migration folders are named. */
    public String vendor() {
        return vendor;
    }

    /** The connections to it, for work beside JPA (notifications, retention). */
    public DataSource dataSource() {
        return dataSource;
    }

    /**
     * Runs what must precede every use of the database (restart reconciliation). If that fails,
     * the database is closed before the failure goes on: nothing will use it, and an open one
     * would hold its file against the next deployment of the same data directory.
     *
     * @return this database, once the step has run
     */
    public TaskDatabase preparedBy(Consumer<TaskDatabase> step) {
        try {
            step.accept(this);
            return this;
        } catch (RuntimeException | Error e) {
            close();
            throw e;
        }
    }

    /**
     * Starts deleting tasks past the policy's ages on a thread of its own, and measuring the store
     * for the health check; both stop when the database closes.
     *
     * @return this database
     */
    public TaskDatabase retaining(RetentionPolicy policy, Clock clock) {
        if (retention != null) {
            throw new IllegalStateException("retention has already started");
        }
        retention = new TaskRetention(dataSource, policy, clock, TaskRetention.BATCH).start();
        return this;
    }

    /**
     * On PostgreSQL, starts hearing the events every instance on the database stores (see
     * {@link NoticeListener}) and hands them to the receiver, which is made only then; the listening
     * stops when the database closes. It holds one connection of its own: beside our pool, through
     * the same driver; from the container's pool, one of its connections for as long as it runs. H2
     * is one instance's file: there nothing starts.
     *
     * @return this database
     */
    public synchronized TaskDatabase sharingEvents(Supplier<? extends TaskNotices> receiver) {
        if (vendor.equals("postgresql") && notices == null && !closed) {
            notices = NoticeListener.start(this::listeningConnection, receiver.get());
        }
        return this;
    }

    private Connection listeningConnection() throws SQLException {
        if (ownPool == null) {
            return dataSource.getConnection();
        }
        Properties credentials = new Properties();
        if (ownPool.getUsername() != null) {
            credentials.setProperty("user", ownPool.getUsername());
        }
        if (ownPool.getPassword() != null) {
            credentials.setProperty("password", ownPool.getPassword());
        }
        try {
            // named as for the pool: DriverManager does not see drivers inside a web application
            Driver driver = Class.forName(ownPool.getDriverClassName(), true, TaskDatabase.class.getClassLoader())
                    .asSubclass(Driver.class).getDeclaredConstructor().newInstance();
            Connection connection = driver.connect(ownPool.getJdbcUrl(), credentials);
            if (connection == null) {
                throw new SQLException("the JDBC driver " + ownPool.getDriverClassName() + " refuses the URL");
            }
            return connection;
        } catch (ReflectiveOperationException e) {
            throw new SQLException("cannot load the JDBC driver " + ownPool.getDriverClassName(), e);
        }
    }

    /** What the store held at the retention thread's last round; empty before it, or without retention. */
    public Optional<StoreFigures> figures() {
        TaskRetention running = retention;
        return running == null ? Optional.empty() : Optional.ofNullable(running.figures());
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

    /** The migration folder for a JDBC {@code DatabaseMetaData} product name. */
    static String vendorOfProduct(String productName) {
        String name = productName == null ? "" : productName.toLowerCase(Locale.ROOT);
        if (name.equals("h2")) {
            return "h2";
        }
        if (name.equals("postgresql")) {
            return "postgresql";
        }
        throw new IllegalStateException("unsupported database " + productName + ": only H2 and PostgreSQL are supported");
    }

    @Override
    public void close() {
        NoticeListener listening;
        synchronized (this) {
            closed = true;
            listening = notices;
        }
        if (listening != null) {
            listening.close();
        }
        TaskRetention running = retention;
        if (running != null) {
            running.close();
        }
        if (compaction != null) {
            compaction.close();
        }
        try {
            emf.close();
        } finally {
            if (ownPool != null) {
                ownPool.close();
                if (ownPool.getThreadFactory() instanceof PoolThreads threads) {
                    threads.awaitEnd(POOL_THREADS_END);
                }
            }
        }
    }
}
