package dev.switchboard.cli;

import dev.switchboard.protocol.JsonFactory;
import jakarta.json.JsonArrayBuilder;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/** {@code peers}: the saved peers, or those that declare a skill. */
@Command(name = "peers", mixinStandardHelpOptions = true,
        description = "List saved peers; --skill finds the peers that declare a skill id or tag.")
final class PeersCommand implements Callable<Integer> {
    @Spec
    CommandSpec spec;

    @Mixin
    ClientOptions client;

    @Option(names = "--skill", paramLabel = "ID_OR_TAG", description = "Only peers declaring this skill id or tag.")
    String skill;

    @Option(names = "--forget", paramLabel = "URL", description = "Remove the peer saved at this URL.")
    String forget;

    private final Main.Surroundings surroundings;

    PeersCommand(Main.Surroundings surroundings) {
        this.surroundings = surroundings;
    }

    @Override
    public Integer call() throws Exception {
        PeerRegistry registry = client.registry(surroundings);
        var out = spec.commandLine().getOut();
        if (forget != null) {
            boolean removed = registry.remove(forget);
            out.println(removed ? "forgot " + forget : "no peer saved at " + forget);
            return removed ? Main.OK : Main.FAILED;
        }
        if (skill != null) {
            JsonArrayBuilder json = JsonFactory.createArrayBuilder();
            for (Peer.SkillRef ref : registry.bySkill(skill)) {
                json.add(JsonFactory.createObjectBuilder().add("peerUrl", ref.peerUrl()).add("skillId", ref.skillId()));
                if (!client.json()) {
                    out.println(ref.peerUrl() + "  " + ref.skillId() + (ref.peerName() == null ? "" : "  (" + ref.peerName() + ")"));
                }
            }
            if (client.json()) {
                out.println(json.build());
            }
            return Main.OK;
        }
        JsonArrayBuilder json = JsonFactory.createArrayBuilder();
        for (Peer peer : registry.peers()) {
            json.add(JsonFactory.createObjectBuilder().add("url", peer.url()).add("name", String.valueOf(peer.name())));
            if (!client.json()) {
                out.println(peer.url() + "  " + peer.name() + "  " + peer.skills().size() + " skill(s)");
            }
        }
        if (client.json()) {
            out.println(json.build());
        }
        return Main.OK;
    }
}
