package dev.switchboard.config;

/**
 * The gRPC binding: whether it is served, and the {@code host:port} gRPC clients dial, which the
 * card lists.
 *
 * @param enabled   whether the gRPC services are served and listed on the card
 * @param authority the {@code host:port} the card names, or null for the public URL's host and port
 *                  (a proxy in front may serve gRPC elsewhere)
 */
public record GrpcSettings(boolean enabled, String authority) {
    public static final GrpcSettings DEFAULT = new GrpcSettings(true, null);

    static GrpcSettings load(SettingsLoader loader) {
        String authority = loader.raw(Setting.GRPC_AUTHORITY);
        if (authority != null && !authority.trim().matches("[A-Za-z0-9.-]+:[0-9]{1,5}|\\[[0-9A-Fa-f:.]+\\]:[0-9]{1,5}")) {
            throw new InvalidSettingException(Setting.GRPC_AUTHORITY, authority, "must be host:port, as gRPC clients dial");
        }
        return new GrpcSettings(loader.bool(Setting.GRPC_ENABLED, true), authority == null ? null : authority.trim());
    }

    /** The authority the card names: the setting, else the public URL's host and port. */
    public String authorityFor(java.net.URI publicUrl) {
        if (authority != null) {
            return authority;
        }
        int port = publicUrl.getPort() != -1 ? publicUrl.getPort() : "https".equals(publicUrl.getScheme()) ? 443 : 80;
        return publicUrl.getHost() + ":" + port;
    }
}
