package dev.switchboard.cli;

import dev.switchboard.client.A2AClientException;
import dev.switchboard.client.A2ARemoteException;
import dev.switchboard.config.BuildInfo;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;

/**
 * The operator's command line: {@code java -jar switchboard-cli.jar keys ...}. Exit codes: 0 success,
 * 1 refused or failed, or the agent answered an A2A error (the reason on stderr), 2 bad usage,
 * 3 the agent could not be reached or has no usable card, 4 checks found problems.
 */
@Command(name = "switchboard", mixinStandardHelpOptions = true, versionProvider = Main.Version.class,
        description = "Operator tools for a Switchboard A2A server.")
public final class Main implements Runnable {
    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    public static final int OK = 0;
    /** Exit code when the work was refused or failed, or the agent answered an A2A error. */
    public static final int FAILED = 1;
    /** Exit code when the agent could not be reached, or its card was missing or unusable. */
    public static final int UNREACHABLE = 3;
    /** Exit code when {@code connect --conformance} or {@code card check} found a problem. */
    public static final int CHECK_FAILED = 4;

    /**
     * What a command may read from its surroundings: the environment and standard input, and how it
     * opens a login's URL for the user.
     */
    record Surroundings(Map<String, String> environment, InputStream stdin, java.util.function.Consumer<java.net.URI> browser) {
        Surroundings(Map<String, String> environment, InputStream stdin) {
            this(environment, stdin, Browser.system(environment));
        }
    }

    public static void main(String[] args) {
        System.exit(run(args, System.getenv(), System.in, System.out, System.err));
    }

    /** Runs one command line against the given environment and streams; returns the exit code. */
    public static int run(String[] args, Map<String, String> environment, InputStream stdin,
                          PrintStream out, PrintStream err) {
        return run(args, new Surroundings(Map.copyOf(environment), stdin), out, err);
    }

    /** Runs one command line in the given surroundings; returns the exit code. */
    static int run(String[] args, Surroundings surroundings, PrintStream out, PrintStream err) {
        CommandLine commandLine = commandLine(surroundings);
        commandLine.setOut(new PrintWriter(out, true, StandardCharsets.UTF_8));
        commandLine.setErr(new PrintWriter(err, true, StandardCharsets.UTF_8));
        try {
            return commandLine.execute(args);
        } finally {
            commandLine.getOut().flush();
            commandLine.getErr().flush();
        }
    }

    static CommandLine commandLine(Surroundings surroundings) {
        CommandLine keys = new CommandLine(new KeysCommand())
                .addSubcommand(new KeysCommand.Secret())
                .addSubcommand(new KeysCommand.Issue(surroundings))
                .addSubcommand(new KeysCommand.Verify(surroundings))
                .addSubcommand(new KeysCommand.Status(surroundings));
        CommandLine card = new CommandLine(new CardCommand())
                .addSubcommand(new CardCommand.Export(surroundings))
                .addSubcommand(new CardCommand.Check())
                .addSubcommand(new CardVerifyCommand());
        return new CommandLine(new Main())
                .addSubcommand(keys)
                .addSubcommand(new ConnectCommand(surroundings))
                .addSubcommand(new LogoutCommand(surroundings))
                .addSubcommand(new TaskCommands.Send(surroundings))
                .addSubcommand(new TaskCommands.Get(surroundings))
                .addSubcommand(new TaskCommands.Cancel(surroundings))
                .addSubcommand(new TaskCommands.ListTasks(surroundings))
                .addSubcommand(new PeersCommand(surroundings))
                .addSubcommand(card)
                .setCaseInsensitiveEnumValuesAllowed(true)
                // @FILE is ours to read (a secret's file), not picocli's argument file; set after the subcommands
                .setExpandAtFiles(false)
                .setExecutionExceptionHandler((e, commandLine, parseResult) -> {
                    if (e instanceof A2ARemoteException remote) {
                        commandLine.getErr().println("switchboard: the agent answered " + remote.reason() + " ("
                                + remote.code() + "): " + remote.getMessage());
                        return FAILED;
                    }
                    if (e instanceof dev.switchboard.client.oauth.OAuthException) {
                        commandLine.getErr().println("switchboard: " + e.getMessage());
                        return FAILED;
                    }
                    if (e instanceof A2AClientException) {
                        commandLine.getErr().println("switchboard: " + e.getMessage());
                        return UNREACHABLE;
                    }
                    if (!(e instanceof IllegalArgumentException || e instanceof IllegalStateException
                            || e instanceof java.io.IOException || e instanceof java.io.UncheckedIOException
                            || e instanceof AmbiguousPeerException
                            || e instanceof java.security.GeneralSecurityException
                            || e instanceof dev.switchboard.config.InvalidSettingException)) {
                        throw e;
                    }
                    commandLine.getErr().println("switchboard: " + e.getMessage());
                    return FAILED;
                });
    }

    @Override
    public void run() {
        throw new CommandLine.ParameterException(spec.commandLine(), "a command is required, e.g. connect, send or keys");
    }

    static final class Version implements CommandLine.IVersionProvider {
        @Override
        public String[] getVersion() {
            return new String[] {"Switchboard " + BuildInfo.load().version()};
        }
    }
}
