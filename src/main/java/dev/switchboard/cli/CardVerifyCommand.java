package dev.switchboard.cli;

import dev.switchboard.client.A2AClient;
import dev.switchboard.client.A2AClientException;
import dev.switchboard.client.PeerCard;
import dev.switchboard.protocol.signing.CardVerification;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code card verify URL}: discovers an agent's card as the client does and says whether its
 * signatures verify, with which key and over which form. Exit 0 only for a verified card, so a
 * script can gate on it.
 */
@Command(name = "verify", mixinStandardHelpOptions = true,
        description = "Fetch an agent's card and verify its signatures (A2A 1.0 section 8.4): with the keys of"
                + " --card-keys, else the JWK Set its jku names on the card's own origin (https, or http on"
                + " loopback). Exit 0 when a signature verifies, 4 when the card is unsigned, no trusted key"
                + " checks it or its signatures are refused, 3 when no card could be read.")
final class CardVerifyCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Parameters(paramLabel = "URL", description = "The agent's URL or its card's URL.")
    String url;

    @Option(names = "--card-keys", paramLabel = "FILE",
            description = "Trust only the keys of this JWK Set, not the card's jku.")
    Path keys;

    @Option(names = "--timeout", paramLabel = "SECONDS", defaultValue = "30", description = "Per request (default 30).")
    long timeoutSeconds;

    @Override
    public Integer call() throws Exception {
        PrintWriter out = spec.commandLine().getOut();
        PeerCard card;
        try {
            card = A2AClient.builder().timeout(Duration.ofSeconds(timeoutSeconds))
                    .cardTrust(ClientOptions.cardTrust("verify-if-present", keys)).discover(url);
        } catch (A2AClientException e) {
            spec.commandLine().getErr().println(e.getMessage());
            return e.getMessage().contains(" is refused: ") ? Main.CHECK_FAILED : Main.UNREACHABLE;
        }
        CardVerification signature = card.signature();
        out.println("card:      " + card.cardUrl());
        out.println("signature: " + signature.status().name().toLowerCase(java.util.Locale.ROOT).replace('_', ' '));
        out.println("detail:    " + signature.detail());
        if (signature.verified() && signature.form() != null
                && signature.form() != dev.switchboard.protocol.signing.CanonicalCard.Form.AS_SERVED) {
            out.println("covers:    the fields of the A2A 1.0 model only; the card's other fields are not signed");
        }
        return signature.verified() ? Main.OK : Main.CHECK_FAILED;
    }

}
