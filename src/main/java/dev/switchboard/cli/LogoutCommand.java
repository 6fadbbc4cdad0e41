package dev.switchboard.cli;

import dev.switchboard.client.oauth.OAuthSession;
import dev.switchboard.client.oauth.TokenStore;
import java.net.URI;
import java.util.Optional;
import picocli.CommandLine.Command;

/**
 * {@code logout}: revokes the tokens of the logins kept for an agent where the issuer offers
 * revocation (RFC 7009), and deletes them. A login made for several agents ends for all of them.
 */
@Command(name = "logout", mixinStandardHelpOptions = true,
        description = "Revoke and forget the OAuth login kept for an agent (connect --login made it).")
final class LogoutCommand extends TaskCommands.AgentCommand {
    LogoutCommand(Main.Surroundings surroundings) {
        super(surroundings);
    }

    @Override
    public Integer call() throws Exception {
        URI url = URI.create(client.resolve(agent, surroundings));
        TokenStore store = client.tokenStore(surroundings);
        var out = out();
        int ended = 0;
        for (Optional<OAuthSession> session = store.forAgent(url); session.isPresent(); session = store.forAgent(url)) {
            boolean revoked = session.get().logout();
            ended++;
            out.println("logged out of " + session.get().issuer() + " (client " + session.get().clientId() + "): "
                    + (revoked ? "tokens revoked and forgotten"
                    : "the issuer offers no revocation, so the tokens were forgotten here and stay valid until they"
                    + " expire")
                    + (session.get().agents().size() > 1 ? "; this login also served "
                    + String.join(", ", session.get().agents()) : ""));
        }
        if (ended == 0) {
            out.println("no login kept for " + agent);
            return Main.FAILED;
        }
        return Main.OK;
    }
}
