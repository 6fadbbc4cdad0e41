package dev.switchboard.cli;

import dev.switchboard.client.PeerCard;
import dev.switchboard.client.oauth.OAuthLogin;
import dev.switchboard.client.oauth.OAuthSession;
import java.io.PrintWriter;
import java.net.URI;
import java.time.Duration;
import java.util.List;
import picocli.CommandLine.Option;

/**
 * How {@code connect --login} signs the user in: the issuer (default: the one the card names), the
 * client (default: registered dynamically where the issuer offers it), the loopback redirect and
 * the grant. The redirect URI is also a setting, {@value #REDIRECT_ENV} /
 * {@value #REDIRECT_PROPERTY}, for a client registered with another port.
 */
final class LoginOptions {
    static final String REDIRECT_ENV = "SWITCHBOARD_OAUTH_REDIRECT_URI";
    static final String REDIRECT_PROPERTY = "switchboard.oauth.redirect.uri";

    @Option(names = "--login", description = "Sign in at the authorization server the card names (OAuth 2"
            + " authorization code with PKCE in the browser, or the device code grant without a display) and keep"
            + " the tokens for this agent; later commands send them, refreshed as needed.")
    boolean login;

    @Option(names = "--oauth-issuer", paramLabel = "URL", description = "With --login: the issuer to sign in at,"
            + " instead of the card's.")
    String issuer;

    @Option(names = "--oauth-client-id", paramLabel = "ID", description = "With --login: the public client to sign"
            + " in as (default: registered dynamically where the issuer offers registration).")
    String clientId;

    @Option(names = "--oauth-redirect-uri", paramLabel = "URI", description = "With --login: the loopback redirect"
            + " URI (default " + OAuthLogin.DEFAULT_REDIRECT_URI + ", or " + REDIRECT_ENV + "); port 0 takes any"
            + " free port.")
    URI redirectUri;

    @Option(names = "--device", description = "With --login: use the device code grant (enter a code on another"
            + " device) even where a browser could open here.")
    boolean device;

    @Option(names = "--login-timeout", paramLabel = "SECONDS", defaultValue = "300",
            description = "With --login: how long to wait for the sign-in (default 300).")
    long timeoutSeconds;

    /** The login for a card, as these options and the surroundings say; it prints what the user must do on stderr. */
    OAuthSession login(PeerCard card, ClientOptions client, Main.Surroundings surroundings, PrintWriter err) {
        OAuthLogin.Builder builder = OAuthLogin.builder().card(card).store(client.tokenStore(surroundings))
                .redirectUri(redirectUri(surroundings)).scopes(List.copyOf(client.oauthScopes))
                .browser(surroundings.browser()).prompt(line -> {
                    err.println(line);
                    err.flush();
                })
                .display(Browser.hasDisplay(surroundings.environment()))
                .grant(device ? OAuthLogin.Grant.DEVICE_CODE : OAuthLogin.Grant.AUTO)
                .timeout(Duration.ofSeconds(timeoutSeconds));
        if (issuer != null) {
            builder.issuer(issuer);
        }
        if (clientId != null) {
            builder.clientId(clientId);
        }
        return builder.build().login();
    }

    /** The option, else the setting (environment over system property), else the default. */
    URI redirectUri(Main.Surroundings surroundings) {
        if (redirectUri != null) {
            return redirectUri;
        }
        String setting = surroundings.environment().get(REDIRECT_ENV);
        if (setting == null || setting.isBlank()) {
            setting = System.getProperty(REDIRECT_PROPERTY);
        }
        try {
            return URI.create(setting == null || setting.isBlank() ? OAuthLogin.DEFAULT_REDIRECT_URI : setting.strip());
        } catch (IllegalArgumentException e) {
            throw new IllegalArgumentException(REDIRECT_ENV + " is not a URI");
        }
    }
}
