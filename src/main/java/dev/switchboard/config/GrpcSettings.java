package dev.switchboard.config;

/**
 * The gRPC binding: whether it is served, the {@code host:port} gRPC clients dial, which the card
 * lists, and whose status table its errors follow.
 *
 * @param enabled          whether the gRPC services are served and listed on the card
 * @param authority        the {@code host:port} the card names, or null for the public URL's host and port
 *                         (a proxy in front may serve gRPC elsewhere)
 * @param v100Statuses     whether errors carry A2A v1.0.0's gRPC codes instead of v1.0.1's: the three
 *                         errors v1.0.1 moved from UNIMPLEMENTED to FAILED_PRECONDITION stay UNIMPLEMENTED,
 *                         for clients written against v1.0.0
 */
public record GrpcSettings(boolean enabled, String authority, boolean v100Statuses) {
    public static final GrpcSettings DEFAULT = new GrpcSettings(true, null, false);

    static GrpcSettings load(SettingsLoader loader) {
        String authority = loader.raw(Setting.GRPC_AUTHORITY);
        if (authority != null && !authority.trim().matches("[A-Za-z0-9.-]+:[0-9]{1,5}|\\[[0-9A-Fa-f:.]+\\]:[0-9]{1,5}")) {
            throw new InvalidSettingException(Setting.GRPC_AUTHORITY, authority, "must be host:port, as gRPC clients dial");
        }
        String statuses = loader.raw(Setting.GRPC_STATUSES);
        String table = statuses == null ? "1.0.1" : statuses.trim();
        if (!table.equals("1.0.1") && !table.equals("1.0.0")) {
            throw new InvalidSettingException(Setting.GRPC_STATUSES, statuses, "must be 1.0.1 or 1.0.0");
        }
        return new GrpcSettings(loader.bool(Setting.GRPC_ENABLED, true), authority == null ? null : authority.trim(),
                table.equals("1.0.0"));
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
