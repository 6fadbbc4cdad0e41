package dev.switchboard.skill.catalogue;

/** A catalogue document that cannot be used; the message names the entry and field at fault. */
public final class CatalogueException extends IllegalStateException {
    public CatalogueException(String message) {
        super(message);
    }
}
