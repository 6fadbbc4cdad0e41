package dev.switchboard.config;


import java.io.IOException;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.Map;
import java.util.UUID;
import java.util.concurrent.Callable;
import java.util.function.Function;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.logging.Logger;

/**
 * Builds {@link Settings} from servlet context parameters, system properties and environment
 * variables, in rising precedence. A blank value counts as unset. Nothing else in the server reads
 * the environment.
 */
public final class SettingsLoader {
    private static final Logger LOG = Logger.getLogger(SettingsLoader.class.getName());

    static final String DEFAULT_PUBLIC_URL = "http://localhost:8080";
    static final String DEFAULT_DESCRIPTION =
            "An A2A agent server. Its Agent Card lists every endpoint and skill it offers.";
    static final List<String> DEFAULT_MODES = List.of("text/plain", "application/json");
    static final long DEFAULT_MAX_REQUEST_BYTES = 4L * 1024 * 1024;
    private static final Pattern SIZE = Pattern.compile("(\\d{1,12})\\s*(KB|K|MB|M)?");
    /** The instance id on the embedded database, which no other instance opens. */
    static final String LOCAL_INSTANCE = "local";
    /** As long as the column that stores the instance running a task. */
    static final int MAX_INSTANCE_ID = 128;

    private final Function<String, String> contextParameters;
    private final Function<String, String> systemProperties;
    private final Map<String, String> environment;

    public SettingsLoader(Function<String, String> contextParameters, Function<String, String> systemProperties,
                          Map<String, String> environment) {
        this.contextParameters = contextParameters;
        this.systemProperties = systemProperties;
        this.environment = environment;
    }

    /** Reads context parameters from the given lookup, and the JVM's own properties and environment. */
    public static SettingsLoader forServer(Function<String, String> contextParameters) {
        return new SettingsLoader(contextParameters, System::getProperty, System.getenv());
    }

    /**
     * @throws InvalidSettingException for the first setting whose value cannot be used
     */
    public Settings load() {
        AccessSettings access = new AccessSettings(this);
        URI publicUrl = publicUrl();
        String organization = raw(Setting.PROVIDER_ORGANIZATION);
        URI providerUrl = optionalUrl(Setting.PROVIDER_URL);
        if (organization == null && providerUrl != null) {
            throw new InvalidSettingException(Setting.PROVIDER_ORGANIZATION, null,
                    "must be set when " + Setting.PROVIDER_URL.key() + " is set");
        }
        if (organization != null && providerUrl == null) {
            providerUrl = publicUrl;
        }
        Path dataDir = dataDir();
        String jdbcUrl = raw(Setting.JDBC_URL);
        if (jdbcUrl != null && !(jdbcUrl.startsWith("jdbc:h2:") || jdbcUrl.startsWith("jdbc:postgresql:"))) {
            throw new InvalidSettingException(Setting.JDBC_URL, null, "must be an H2 or PostgreSQL JDBC URL");
        }
        String dataSource = raw(Setting.DATASOURCE);
        if (dataSource != null && jdbcUrl != null) {
            throw new InvalidSettingException(Setting.DATASOURCE, null,
                    "names the task store's database, as does " + Setting.JDBC_URL.key() + "; set only one");
        }
        return new Settings(publicUrl, dataDir, text(Setting.AGENT_NAME, "Switchboard"),
                text(Setting.AGENT_DESCRIPTION, DEFAULT_DESCRIPTION), organization, providerUrl,
                optionalUrl(Setting.DOCUMENTATION_URL), optionalUrl(Setting.ICON_URL),
                text(Setting.CARD_VERSION, "1.0.0"), cardModes(), cardMaxAge(), maxRequestBytes(),
                jdbcUrl != null ? jdbcUrl : embeddedUrl(dataDir), raw(Setting.JDBC_USER), raw(Setting.JDBC_PASSWORD),
                dataSource,
                instanceId(jdbcUrl != null || dataSource != null), integer(Setting.AGENT_THREADS, 16, 1, 1024),
                Duration.ofSeconds(integer(Setting.STREAM_HEARTBEAT, 15, 1, 3600)), tenant(), catalogueFile(),
                access.operatorToken(), access.limits(), access.keySecret(), access.revokedKeys(),
                access.anonymousAccess(), access.trustedProxies(), access.model(),
                bool(Setting.PROTOCOL_V03, true), PushSettings.load(this), bool(Setting.SEND_IDEMPOTENT, true),
                RetentionSettings.load(this), GrpcSettings.load(this),
                CardSigningSettings.load(this), ObservabilitySettings.load(this), OidcSettings.load(this),
                Duration.ofSeconds(integer(Setting.TASK_LEASE_SECONDS, (int) Settings.DEFAULT_TASK_LEASE.toSeconds(), 2, 3600)));
    }

    /**
     * The id as set; unset, {@code local} for the embedded database, and the host name for a
     * configured one, which other instances may share: an id two instances share would let one's
     * restart fail the tasks the other runs.
     */
    private String instanceId(boolean configuredDatabase) {
        String value = raw(Setting.INSTANCE_ID);
        if (value != null) {
            if (value.length() > MAX_INSTANCE_ID) {
                throw new InvalidSettingException(Setting.INSTANCE_ID, value,
                        "must be at most " + MAX_INSTANCE_ID + " characters");
            }
            return value;
        }
        return configuredDatabase ? hostInstanceId(() -> InetAddress.getLocalHost().getHostName()) : LOCAL_INSTANCE;
    }

    /**
     * The host's name as an instance id; when it cannot be had, a random id, which no other
     * instance shares (its tasks are then reconciled through their leases, not at its next start).
     */
    static String hostInstanceId(Callable<String> hostName) {
        String name;
        try {
            name = hostName.call();
        } catch (Exception | LinkageError e) {
            name = null;
        }
        if (name == null || name.isBlank()) {
            String random = "instance-" + UUID.randomUUID().toString().substring(0, 8);
            LOG.warning(() -> "The host name cannot be read; this instance's id is " + random + " until "
                    + Setting.INSTANCE_ID.key() + " (" + Setting.INSTANCE_ID.environmentName() + ") is set");
            return random;
        }
        name = name.trim();
        return name.length() > MAX_INSTANCE_ID ? name.substring(0, MAX_INSTANCE_ID) : name;
    }

    /** A true/false setting. */
    boolean bool(Setting setting, boolean fallback) {
        String value = raw(setting);
        if (value == null) {
            return fallback;
        }
        if (value.equalsIgnoreCase("true") || value.equalsIgnoreCase("false")) {
            return Boolean.parseBoolean(value);
        }
        throw new InvalidSettingException(setting, value, "must be true or false");
    }

    /** The value as configured, or null when no source sets it to something non-blank. */
    String raw(Setting setting) {
        String value = environment.get(setting.environmentName());
        if (isBlank(value)) {
            value = systemProperties.apply(setting.key());
        }
        if (isBlank(value)) {
            value = contextParameters.apply(setting.key());
        }
        return isBlank(value) ? null : value.trim();
    }

    private String text(Setting setting, String fallback) {
        String value = raw(setting);
        return value == null ? fallback : value;
    }

    private URI publicUrl() {
        String value = raw(Setting.PUBLIC_URL);
        URI url = httpUrl(Setting.PUBLIC_URL, value == null ? DEFAULT_PUBLIC_URL : value);
        if (url.getRawQuery() != null || url.getRawFragment() != null) {
            throw new InvalidSettingException(Setting.PUBLIC_URL, value, "must not have a query or fragment");
        }
        String text = url.toString();
        while (text.endsWith("/")) {
            text = text.substring(0, text.length() - 1);
        }
        if (value == null) {
            LOG.warning(() -> Setting.PUBLIC_URL.key() + " (" + Setting.PUBLIC_URL.environmentName()
                    + ") is not set; the Agent Card advertises " + DEFAULT_PUBLIC_URL
                    + ", which only clients on this machine can reach");
        } else if (isLocalHost(url.getHost())) {
            LOG.warning(() -> Setting.PUBLIC_URL.key() + " names a loopback or private host (" + url.getHost()
                    + "); clients elsewhere cannot reach the endpoints on the Agent Card");
        }
        return URI.create(text);
    }

    URI optionalUrl(Setting setting) {
        String value = raw(setting);
        return value == null ? null : httpUrl(setting, value);
    }

    private static URI httpUrl(Setting setting, String value) {
        URI url;
        try {
            url = new URI(value);
        } catch (URISyntaxException e) {
            throw new InvalidSettingException(setting, value, "is not a valid URL (" + e.getReason() + ")");
        }
        String scheme = url.getScheme() == null ? "" : url.getScheme().toLowerCase(Locale.ROOT);
        if (!url.isAbsolute() || !(scheme.equals("http") || scheme.equals("https")) || url.getHost() == null) {
            throw new InvalidSettingException(setting, value, "must be an absolute http or https URL with a host");
        }
        if (url.getRawUserInfo() != null) {
            throw new InvalidSettingException(setting, null, "must not carry credentials");
        }
        return url;
    }

    private Path dataDir() {
        String value = raw(Setting.DATA_DIR);
        Path dir;
        try {
            dir = value == null
                    ? Path.of(System.getProperty("user.home"), ".switchboard")
                    : Path.of(value);
        } catch (InvalidPathException e) {
            throw new InvalidSettingException(Setting.DATA_DIR, value, "is not a valid path");
        }
        dir = dir.toAbsolutePath().normalize();
        try {
            Files.createDirectories(dir);
        } catch (IOException | SecurityException e) {
            throw new InvalidSettingException(Setting.DATA_DIR, dir.toString(),
                    "cannot be created (" + e.getClass().getSimpleName() + ")");
        }
        if (!Files.isDirectory(dir) || !Files.isWritable(dir)) {
            throw new InvalidSettingException(Setting.DATA_DIR, dir.toString(), "is not a writable directory");
        }
        return dir;
    }

    /**
     * The default store: an H2 file in the data dir, each commit written through before it
     * returns. The store's own file system ({@code uninterruptible:}, registered by the store before
     * it connects) is immune to thread interrupts, which on H2's default one close the whole
     * database; cancelling a task interrupts the thread of its agent. Task and
     * event JSON up to 1 MiB stays inside its row: H2's separate LOB store would add several
     * B-tree writes to every commit (about 40% of a SendMessage's store time when measured).
     * H2's retention time stays at its 45 s: freed space must not be overwritten before the
     * versions that still point at it are superseded on disk, or a killed process loses commits
     * (measured: a shorter retention lost the event log of a task across a SIGKILL).
     */
    public static String embeddedUrl(Path dataDir) {
        return "jdbc:h2:uninterruptible:" + dataDir.resolve("switchboard")
                + ";WRITE_DELAY=0;MAX_LENGTH_INPLACE_LOB=1048576;DB_CLOSE_ON_EXIT=FALSE";
    }

    int integer(Setting setting, int fallback, int min, int max) {
        String value = raw(setting);
        if (value == null) {
            return fallback;
        }
        try {
            int number = Integer.parseInt(value);
            if (number >= min && number <= max) {
                return number;
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidSettingException(setting, value, "must be a whole number from " + min + " to " + max);
    }

    Set<String> list(Setting setting) {
        String value = raw(setting);
        return value == null ? Set.of() : Arrays.stream(value.split(",")).map(String::trim)
                .filter(id -> !id.isEmpty()).collect(java.util.stream.Collectors.toUnmodifiableSet());
    }

    private Path catalogueFile() {
        String value = raw(Setting.CATALOGUE_FILE);
        if (value == null) {
            return null;
        }
        Path file;
        try {
            file = Path.of(value).toAbsolutePath().normalize();
        } catch (InvalidPathException e) {
            throw new InvalidSettingException(Setting.CATALOGUE_FILE, value, "is not a valid path");
        }
        if (!Files.isRegularFile(file) || !Files.isReadable(file)) {
            throw new InvalidSettingException(Setting.CATALOGUE_FILE, value, "is not a readable file");
        }
        return file;
    }

    private String tenant() {
        String value = raw(Setting.TENANT);
        if (value != null && !value.matches("[A-Za-z0-9][A-Za-z0-9._-]{0,63}")) {
            throw new InvalidSettingException(Setting.TENANT, value,
                    "must be 1 to 64 letters, digits, '.', '_' or '-', starting with a letter or digit");
        }
        return value;
    }

    private List<String> cardModes() {
        String value = raw(Setting.CARD_MODES);
        if (value == null) {
            return DEFAULT_MODES;
        }
        List<String> modes = Arrays.stream(value.split(",")).map(String::trim).filter(m -> !m.isEmpty()).toList();
        if (modes.isEmpty() || modes.stream().anyMatch(m -> !m.matches("[A-Za-z0-9.+/*-]+"))) {
            throw new InvalidSettingException(Setting.CARD_MODES, value,
                    "must be a comma-separated list of media types, e.g. text/plain,application/json");
        }
        return modes;
    }

    private Duration cardMaxAge() {
        String value = raw(Setting.CARD_MAX_AGE);
        if (value == null) {
            return Duration.ofSeconds(300);
        }
        try {
            long seconds = Long.parseLong(value);
            if (seconds >= 0 && seconds <= 31_536_000) {
                return Duration.ofSeconds(seconds);
            }
        } catch (NumberFormatException e) {
            // reported below
        }
        throw new InvalidSettingException(Setting.CARD_MAX_AGE, value, "must be whole seconds from 0 to 31536000");
    }

    private long maxRequestBytes() {
        String value = raw(Setting.MAX_REQUEST_BYTES);
        if (value == null) {
            return DEFAULT_MAX_REQUEST_BYTES;
        }
        Matcher size = SIZE.matcher(value.toUpperCase(Locale.ROOT));
        if (size.matches()) {
            long unit = size.group(2) == null ? 1 : size.group(2).startsWith("K") ? 1024 : 1024 * 1024;
            try {
                long bytes = Math.multiplyExact(Long.parseLong(size.group(1)), unit);
                if (bytes >= 1024 && bytes <= 1024L * 1024 * 1024) {
                    return bytes;
                }
            } catch (NumberFormatException | ArithmeticException e) {
                // reported below
            }
        }
        throw new InvalidSettingException(Setting.MAX_REQUEST_BYTES, value,
                "must be a size from 1KB to 1024MB, e.g. 4194304, 512KB or 4MB");
    }

    private static boolean isLocalHost(String host) {
        if (host == null) {
            return false;
        }
        String name = host.startsWith("[") ? host.substring(1, host.length() - 1) : host;
        if (name.equalsIgnoreCase("localhost") || name.toLowerCase(Locale.ROOT).endsWith(".localhost")) {
            return true;
        }
        if (!name.matches("[0-9.]+") && !name.contains(":")) {
            return false; // a DNS name: not resolved here, start-up must not depend on DNS
        }
        try {
            InetAddress address = InetAddress.getByName(name);
            return address.isLoopbackAddress() || address.isSiteLocalAddress() || address.isLinkLocalAddress()
                    || address.isAnyLocalAddress();
        } catch (IOException e) {
            return false;
        }
    }

    private static boolean isBlank(String value) {
        return value == null || value.isBlank();
    }
}
