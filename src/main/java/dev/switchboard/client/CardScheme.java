package dev.switchboard.client;

/**
 * One security scheme a card declares, as far as this client needs it: 1.0 cards wrap each scheme
 * in a member naming its type ({@code httpAuthSecurityScheme}...), 0.3 cards tag it with {@code type}.
 *
 * @param httpScheme for {@link Type#HTTP}: {@code bearer} or {@code basic} (lower case); else null
 * @param location   for {@link Type#API_KEY}: {@code header}, {@code query} or {@code cookie}; else null
 * @param paramName  for {@link Type#API_KEY}: the header, query parameter or cookie name; else null
 * @param tokenUrl   for {@link Type#OAUTH2}: the client credentials flow's token endpoint, or null
 * @param metadataUrl for {@link Type#OAUTH2}: the authorization server's metadata document
 *                   ({@code oauth2MetadataUrl}, RFC 8414); for {@link Type#OPENID_CONNECT}: the
 *                   {@code openIdConnectUrl}; else null
 * @param flows      for {@link Type#OAUTH2}: the flows the card declares, as named there
 *                   ({@code authorizationCode}, {@code deviceCode}, {@code clientCredentials}...); else empty
 */
public record CardScheme(String name, Type type, String httpScheme, String location, String paramName,
                         String tokenUrl, String metadataUrl, java.util.List<String> flows) {
    public CardScheme {
        flows = flows == null ? java.util.List.of() : java.util.List.copyOf(flows);
    }

    /** A scheme without OAuth metadata or flows beyond the client credentials token URL. */
    public CardScheme(String name, Type type, String httpScheme, String location, String paramName, String tokenUrl) {
        this(name, type, httpScheme, location, paramName, tokenUrl, null, java.util.List.of());
    }

    /** The kinds of security scheme A2A cards can declare. */
    public enum Type { HTTP, API_KEY, OAUTH2, OPENID_CONNECT, MUTUAL_TLS, OTHER }

    /** What a human reads in a discovery trace. */
    public String describe() {
        return switch (type) {
            case HTTP -> name + ": HTTP " + httpScheme;
            case API_KEY -> name + ": API key in " + location + " '" + paramName + "'";
            case OAUTH2 -> name + ": OAuth 2" + (flows.isEmpty() ? "" : " " + String.join(", ", flows))
                    + (tokenUrl == null ? "" : " (client credentials at " + tokenUrl + ")")
                    + (metadataUrl == null ? "" : ", metadata at " + metadataUrl);
            case OPENID_CONNECT -> name + ": OpenID Connect" + (metadataUrl == null ? "" : " at " + metadataUrl);
            case MUTUAL_TLS -> name + ": mutual TLS";
            case OTHER -> name + ": unknown scheme";
        };
    }
}
