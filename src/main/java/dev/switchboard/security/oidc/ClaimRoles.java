package dev.switchboard.security.oidc;

import com.nimbusds.jwt.JWTClaimsSet;
import dev.switchboard.config.OidcSettings;
import dev.switchboard.security.Tier;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.Map;
import java.util.Set;

/**
 * What a token's holder may do, from its claims: the roles, groups and scopes found at the
 * configured claim paths ({@code realm_access.roles} for Keycloak's realm roles, {@code roles} and
 * {@code groups} for Entra ID, {@code scope} or {@code scp} for scopes) decide its tier, and its
 * scopes whether it carries what this server requires. A value is a string (several when it holds
 * spaces, as {@code scope} does) or an array of strings; anything else at a path is ignored.
 */
final class ClaimRoles {
    private final OidcSettings settings;

    ClaimRoles(OidcSettings settings) {
        this.settings = settings;
    }

    /** The tier the claims reach: operator, authenticated, or public when roles are required and none is held. */
    Tier tier(JWTClaimsSet claims) {
        Set<String> roles = new LinkedHashSet<>();
        for (String path : settings.roleClaims()) {
            roles.addAll(values(claims.getClaims(), path));
        }
        if (settings.operatorRoles().stream().anyMatch(roles::contains)) {
            return Tier.OPERATOR;
        }
        if (settings.authenticatedRoles().isEmpty()
                || settings.authenticatedRoles().stream().anyMatch(roles::contains)) {
            return Tier.AUTHENTICATED;
        }
        return Tier.PUBLIC;
    }

    /** The required scopes the token lacks, space-separated; empty when it has them all. */
    String missingScopes(JWTClaimsSet claims) {
        Set<String> scopes = new LinkedHashSet<>(values(claims.getClaims(), "scope"));
        scopes.addAll(values(claims.getClaims(), "scp"));
        return String.join(" ", settings.requiredScopes().stream().filter(s -> !scopes.contains(s)).sorted().toList());
    }

    static Set<String> values(Map<String, Object> claims, String path) {
        Object value = claims;
        for (String name : path.split("\\.")) {
            if (!(value instanceof Map<?, ?> object)) {
                return Set.of();
            }
            value = object.get(name);
        }
        Set<String> found = new LinkedHashSet<>();
        if (value instanceof String text) {
            for (String item : text.trim().split("\\s+")) {
                if (!item.isEmpty()) {
                    found.add(item);
                }
            }
        } else if (value instanceof Collection<?> items) {
            items.stream().filter(String.class::isInstance).map(String.class::cast).forEach(found::add);
        }
        return found;
    }
}
