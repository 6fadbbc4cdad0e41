package dev.switchboard.observe;

/** The binding an operation came through, as metrics and logs name it. */
public enum Binding {
    JSONRPC("jsonrpc"),
    REST("rest"),
    GRPC("grpc");

    private final String label;

    Binding(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }
}
