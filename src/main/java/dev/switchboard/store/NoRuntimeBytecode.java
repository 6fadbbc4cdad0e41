package dev.switchboard.store;

import org.hibernate.boot.registry.StandardServiceRegistryBuilder;
import org.hibernate.bytecode.spi.BytecodeProvider;
import org.hibernate.service.spi.ServiceContributor;

/**
 * Gives Hibernate the bytecode provider that generates nothing. Hibernate otherwise finds its
 * ByteBuddy provider through {@code ServiceLoader} (the {@code hibernate.bytecode.provider}
 * setting is no longer read), and starting ByteBuddy and building a proxy factory per entity was
 * about a tenth of the store's opening. The rows have no lazy associations to proxy and are read
 * by reflection; a service that is provided outright replaces the one the initiator would make.
 * Registered in {@code META-INF/services/org.hibernate.service.spi.ServiceContributor}.
 */
public final class NoRuntimeBytecode implements ServiceContributor {
    @Override
    public void contribute(StandardServiceRegistryBuilder registry) {
        registry.addService(BytecodeProvider.class, new org.hibernate.bytecode.internal.none.BytecodeProviderImpl());
    }
}
