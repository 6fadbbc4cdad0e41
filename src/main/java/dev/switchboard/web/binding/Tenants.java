package dev.switchboard.web.binding;

import dev.switchboard.protocol.A2AException;
import dev.switchboard.protocol.request.FieldLimits;

/**
 * The tenants this agent serves: the one its card names, if any. A request that names another is
 * refused rather than served as a default, so a client never acts on the wrong tenant's tasks.
 */
public final class Tenants {
    private final String configured;

    public Tenants(String configured) {
        this.configured = configured;
    }

    public boolean knows(String tenant) {
        return tenant == null || tenant.equals(configured);
    }

    /** @throws A2AException invalid params for a tenant named in a request body */
    public void checkParameter(String tenant) {
        FieldLimits.tenant(tenant);
        if (!knows(tenant)) {
            throw A2AException.invalidField("tenant", "'" + tenant + "' is not a tenant of this agent");
        }
    }
}
