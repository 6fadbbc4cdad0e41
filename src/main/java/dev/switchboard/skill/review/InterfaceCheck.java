package dev.switchboard.skill.review;

import dev.switchboard.protocol.json.ProtoJson;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import java.net.URI;
import java.net.URISyntaxException;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The card's endpoints in both lines: 1.0 {@code supportedInterfaces}, 0.3 {@code url},
 * {@code preferredTransport} and {@code additionalInterfaces}. Works out which protocol lines the
 * card reaches and checks every address by its text alone: nothing is resolved or fetched.
 */
final class InterfaceCheck {
    private static final Set<String> BINDINGS = Set.of("JSONRPC", "GRPC", "HTTP+JSON");
    private static final Pattern VERSION = Pattern.compile("(\\d+)(?:\\.(\\d+))?.*");
    private static final Pattern HOST_PORT = Pattern.compile("(\\[[0-9A-Fa-f:.]+]|[A-Za-z0-9.-]+):\\d{1,5}");
    private static final String DEFAULT_V03 = "0.3.0";

    private final Findings findings;
    private final Set<Review.Endpoint> endpoints = new LinkedHashSet<>();
    private final Set<String> lines = new TreeSet<>();
    private boolean v10;

    InterfaceCheck(Findings findings) {
        this.findings = findings;
    }

    List<Review.Endpoint> endpoints() {
        return new ArrayList<>(endpoints);
    }

    List<String> lines() {
        return new ArrayList<>(lines);
    }

    /** Whether a 1.0 client finds an interface for its line. */
    boolean reachesV10() {
        return v10;
    }

    void run(JsonObject card) {
        boolean listsV03 = false;
        JsonArray supported = findings.array(card, "", "supportedInterfaces");
        if (supported != null) {
            List<JsonObject> entries = findings.objects(supported, "supportedInterfaces");
            for (int i = 0; i < entries.size(); i++) {
                listsV03 |= entries.get(i) != null && v03(supportedInterface(entries.get(i), i));
            }
        }
        String url = findings.string(card, "", "url");
        String version = findings.string(card, "", "protocolVersion");
        if (url != null || version != null) {
            topLevel(card, url, version == null ? DEFAULT_V03 : version);
        }
        if (endpoints.isEmpty() && (supported == null || supported.isEmpty()) && url == null) {
            findings.error("MISSING_FIELD", "supportedInterfaces", "The card advertises no endpoint, so no client "
                    + "can call the agent: list supportedInterfaces (1.0) and, for 0.3 clients, set url.");
        } else if (!v10) {
            // With no line at all the broken entries were reported already; there is nothing to add.
            if (!lines.isEmpty()) {
                findings.warning("V03_ONLY", "supportedInterfaces", "The card has no 1.0 interface, so 1.0-only "
                        + "clients cannot reach the agent: add a supportedInterfaces entry with protocolVersion "
                        + "\"1.0\".");
            }
        } else if (url == null && listsV03) {
            findings.warning("V03_INTERFACE_UNREACHABLE", "url", "supportedInterfaces lists a 0.3 interface, but 0.3 "
                    + "clients read only the top-level url: copy that interface into url and preferredTransport.");
        } else if (url == null) {
            findings.info("V10_ONLY", "url", "0.3 clients read the top-level url, so they cannot discover this "
                    + "1.0-only card; add url, preferredTransport and protocolVersion \"0.3.0\" if 0.3 clients matter.");
        }
    }

    /** One 1.0 interface; answers its protocol line, or null when it names none. */
    private String supportedInterface(JsonObject entry, int i) {
        String path = ProtoJson.index("supportedInterfaces", i);
        String url = findings.requiredString(entry, path, "url", "clients connect to this address.");
        String binding = findings.requiredString(entry, path, "protocolBinding",
                "clients choose an interface by its binding: JSONRPC, GRPC or HTTP+JSON.");
        String version = findings.requiredString(entry, path, "protocolVersion",
                "clients choose an interface by the protocol version they speak, e.g. \"1.0\".");
        String line = version == null ? null : line(version);
        if (line != null) {
            lines.add(line);
            v10 |= !v03(line);
        }
        binding(binding, ProtoJson.path(path, "protocolBinding"));
        if (url != null) {
            address(url, binding, line != null && !v03(line), ProtoJson.path(path, "url"));
            endpoints.add(new Review.Endpoint(binding == null ? "?" : binding, url, version == null ? "?" : version));
        }
        return line;
    }

    /** The 0.3 fields: url served with preferredTransport, and the additional interfaces. */
    private void topLevel(JsonObject card, String url, String version) {
        lines.add(line(version));
        if (url == null) {
            findings.error("MISSING_FIELD", "url", "The card sets protocolVersion but no url; 0.3 clients connect "
                    + "to the top-level url, so set it to the agent's preferred endpoint.");
            return;
        }
        String transport = findings.string(card, "", "preferredTransport");
        binding(transport, "preferredTransport");
        // 0.3 defaults the transport of the top-level url to JSON-RPC.
        transport = transport == null ? "JSONRPC" : transport;
        address(url, transport, false, "url");
        endpoints.add(new Review.Endpoint(transport, url, version));
        JsonArray additional = findings.array(card, "", "additionalInterfaces");
        if (additional == null) {
            return;
        }
        List<JsonObject> entries = findings.objects(additional, "additionalInterfaces");
        for (int i = 0; i < entries.size(); i++) {
            if (entries.get(i) == null) {
                continue;
            }
            String path = ProtoJson.index("additionalInterfaces", i);
            String extraUrl = findings.requiredString(entries.get(i), path, "url", "clients connect to this address.");
            String extraTransport = findings.requiredString(entries.get(i), path, "transport",
                    "clients choose an interface by its transport: JSONRPC, GRPC or HTTP+JSON.");
            binding(extraTransport, ProtoJson.path(path, "transport"));
            if (extraUrl != null) {
                address(extraUrl, extraTransport, false, ProtoJson.path(path, "url"));
                endpoints.add(new Review.Endpoint(extraTransport == null ? "?" : extraTransport, extraUrl, version));
            }
        }
    }

    private void binding(String binding, String path) {
        // Custom bindings are allowed when named by a URI; a bare unknown word is most likely a typo.
        if (binding == null || BINDINGS.contains(binding) || binding.contains(":")) {
            return;
        }
        String known = BINDINGS.stream().filter(binding::equalsIgnoreCase).findFirst().orElse(null);
        findings.warning("UNKNOWN_BINDING", path, known != null
                ? "Bindings are case-sensitive: write \"" + known + "\" instead of \"" + binding + "\"."
                : "\"" + binding + "\" is not a binding clients know (JSONRPC, GRPC, HTTP+JSON); name a custom "
                        + "binding by a URI.");
    }

    /** Checks an address as text; {@code strictGrpc} applies the 1.0 rule that gRPC takes host:port. */
    private void address(String url, String binding, boolean strictGrpc, String path) {
        boolean grpc = "GRPC".equals(binding);
        if (grpc && !url.contains("://")) {
            if (!HOST_PORT.matcher(url).matches()) {
                findings.error("INVALID_GRPC_ADDRESS", path, "A gRPC address must be host:port, e.g. "
                        + "\"grpc.example.com:443\"; \"" + url + "\" is not.");
            }
            return;
        }
        URI uri = parse(url);
        if (grpc && strictGrpc) {
            findings.error("GRPC_URL_WITH_SCHEME", path, "1.0 gRPC interfaces give host:port, not a URL: write \""
                    + hostPort(uri) + "\" instead of \"" + url + "\".");
            return;
        }
        String scheme = uri == null || uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        boolean httpScheme = scheme.equals("http") || scheme.equals("https");
        // 0.3 gRPC entries often carried a grpc:// or https:// URL; both were accepted then.
        boolean allowed = httpScheme || (grpc && (scheme.equals("grpc") || scheme.equals("grpcs")));
        if (uri == null || !uri.isAbsolute() || !allowed || uri.getHost() == null) {
            findings.error("INVALID_URL", path, "\"" + url + "\" is not an absolute http(s) URL with a host; "
                    + "clients cannot connect to it.");
        } else if (scheme.equals("http") && !loopback(uri.getHost())) {
            findings.warning("PLAIN_HTTP", path, "\"" + url + "\" uses plain http on a public host, so requests "
                    + "and credentials travel unencrypted; serve it over https.");
        }
    }

    private static URI parse(String url) {
        try {
            return new URI(url);
        } catch (URISyntaxException e) {
            return null;
        }
    }

    private static String hostPort(URI uri) {
        if (uri == null || uri.getHost() == null) {
            return "host:port";
        }
        int port = uri.getPort() > 0 ? uri.getPort() : "http".equalsIgnoreCase(uri.getScheme()) ? 80 : 443;
        return uri.getHost() + ":" + port;
    }

    // Judged from the name alone: resolving it would be network access, which a review never does.
    static boolean loopback(String host) {
        String h = host.toLowerCase(Locale.ROOT);
        return h.equals("localhost") || h.endsWith(".localhost") || h.startsWith("127.") || h.equals("[::1]")
                || h.equals("::1");
    }

    /** major.minor of a version string: "1.0.0" is line "1.0"; text that is no version is kept as is. */
    static String line(String version) {
        Matcher m = VERSION.matcher(version.trim());
        return m.matches() ? m.group(1) + "." + (m.group(2) == null ? "0" : m.group(2)) : version.trim();
    }

    private static boolean v03(String line) {
        return line != null && line.startsWith("0.");
    }
}
