package dev.switchboard.cli;

import dev.switchboard.client.PeerCard;
import java.time.Instant;
import java.util.List;
import java.util.Objects;

/**
 * A saved connection: identified by its normalised URL; the card's name is only an alias, since any
 * agent can copy another's name.
 *
 * @param url     the normalised origin URL (see {@link PeerUrl})
 * @param name    the card's name when saved; null if unknown
 * @param skills  the skills its card declared when saved
 * @param savedAt when it was saved or last refreshed
 */
record Peer(String url, String name, List<Skill> skills, Instant savedAt) {
    Peer {
        url = PeerUrl.normalise(Objects.requireNonNull(url, "url"));
        skills = skills == null ? List.of() : List.copyOf(skills);
    }

    /** A skill a peer declares: its id on that peer's card and its tags. */
    record Skill(String id, String name, List<String> tags) {
        Skill {
            Objects.requireNonNull(id, "id");
            tags = tags == null ? List.of() : List.copyOf(tags);
        }
    }

    /** A skill located on a peer: always the peer's URL plus the skill id, never the card name. */
    record SkillRef(String peerUrl, String skillId, String peerName) {
    }

    /** The peer as its card describes it now. */
    static Peer of(String url, PeerCard card, Instant now) {
        return new Peer(url, card.name(), card.skills().stream()
                .map(s -> new Skill(s.id(), s.name(), s.tags())).toList(), now);
    }
}
