package dev.switchboard.skill.catalogue;

import dev.switchboard.skill.catalogue.CatalogueQuery.Aspect;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * Reads a question in plain words into a {@link CatalogueQuery}: entry names and aliases, then the
 * attributes the words mention. Deliberately narrow: it recognises the catalogue's own vocabulary,
 * and a vocabulary of attributes it has no field for (pricing, security, sandboxing, rankings...)
 * so that the answer says which of them it cannot tell, rather than guessing.
 */
public final class QuestionReader {
    private static final Pattern WHITESPACE = Pattern.compile("\\s+");
    private static final Map<String, KeywordPattern> LANGUAGES = patterns(
            "java", "\\bjava\\b(?!\\s*script)",
            "python", "\\bpython\\b|\\bpy\\b",
            "typescript", "\\btypescript\\b|\\bjavascript\\b|\\bjs\\b|\\bts\\b|\\bnode(\\.js)?\\b",
            "go", "\\bgolang\\b|\\bgo\\s+(sdk|sdks|library|libraries|framework|frameworks|module)\\b|\\b(in|for)\\s+go\\b",
            "c#", "c#|\\.net\\b|\\bdotnet\\b|\\bcsharp\\b",
            "kotlin", "\\bkotlin\\b",
            "rust", "\\brust\\b");
    private static final Map<String, KeywordPattern> LICENCES = patterns(
            "mit", "\\bmit\\b", "apache", "\\bapache\\b", "bsd", "\\bbsd\\b", "gpl", "\\b(a|l)?gpl\\b", "mpl", "\\bmpl\\b");
    private static final Map<String, KeywordPattern> LINES = patterns(
            "1.0", "\\b1\\.0(\\.\\d+)?\\b|\\bv1\\b|\\ba2a\\s+1\\b", "0.3", "\\b0\\.3(\\.\\d+)?\\b|\\bv0\\.3\\b");
    private static final Map<String, KeywordPattern> BINDINGS = patterns(
            "GRPC", "\\bgrpc\\b", "JSONRPC", "\\bjson[- ]?rpc\\b", "HTTP+JSON", "\\brest\\b|\\bhttp\\s*[+/ ]\\s*json\\b");
    private static final Map<String, KeywordPattern> KINDS = patterns(
            "framework", "\\bframeworks?\\b", "sdk", "\\bsdks?\\b|\\blibrar(y|ies)\\b",
            "platform", "\\bplatforms?\\b", "server", "(?<!a2a )\\bservers\\b");
    private static final Map<String, KeywordPattern> ROLES = patterns(
            "client", "\\bclients?\\b|\\bcall(ing)? (other |remote )?agents\\b",
            "server", "\\b(as|an|a)\\s+(a2a\\s+)?server\\b|\\bexpose\\b|\\bserve\\b|\\bhost(ing)?\\b");
    private static final KeywordPattern OPEN = KeywordPattern.compile("\\bopen[- ]?source\\b|\\boss\\b|\\bfree software\\b");
    private static final KeywordPattern CLOSED = KeywordPattern.compile("\\bproprietary\\b|\\bclosed[- ]source\\b|\\bcommercial\\b");
    private static final KeywordPattern STREAMING = KeywordPattern.compile("\\bstream(s|ing)?\\b|\\bsse\\b");
    private static final KeywordPattern WITHOUT = KeywordPattern.compile(
            "\\b(no|not|without|lack(s|ing)?|missing)\\b[^?.]{0,25}\\b(a2a|support|supports|support for)\\b"
                    + "|\\bdo(es)?n'?t\\b[^?.]{0,15}\\bsupport\\b|\\bunsupported\\b");
    private static final Map<Aspect, KeywordPattern> ASPECTS = new LinkedHashMap<>();
    private static final Map<String, KeywordPattern> NOT_RECORDED = patterns(
            "pricing", "\\bpric(e|es|ing)\\b|\\bcosts?\\b|\\bpaid\\b",
            "performance", "\\bperformance\\b|\\blatency\\b|\\bthroughput\\b|\\bbenchmarks?\\b|\\bfastest\\b",
            "popularity", "\\bpopular(ity)?\\b|\\bstars\\b|\\bdownloads\\b|\\badoption\\b",
            "release dates", "\\brelease date\\b|\\bwhen was\\b|\\breleased\\b",
            "who maintains it", "\\bmaintain(s|ed|er|ers)?\\b|\\bwho (makes|made|builds|built|develops)\\b|\\bfunding\\b",
            "security properties or assessments",
            "\\bvulnerab\\w*|\\bcves?\\b|\\bsecur(e|ity)\\b|\\bsafe(r|st|ty)?\\b|\\bhardened\\b",
            "sandboxing or isolation", "\\bsandbox\\w*|\\bisolat\\w*|\\bcontaineri[sz]\\w*|\\bjail\\w*",
            "MCP support", "\\bmcp\\b|\\bmodel context protocol\\b",
            "observability", "\\bobservab\\w*|\\btracing\\b|\\btelemetry\\b|\\bopentelemetry\\b|\\bmonitoring\\b",
            "memory or state keeping", "\\bmemory\\b|\\bpersistent state\\b",
            "push notification support", "\\bpush notifications?\\b|\\bwebhooks?\\b",
            "authentication schemes", "\\bauth(entication)?\\b|\\boauth\\b|\\bapi keys?\\b",
            "product versions", "\\blatest version\\b|\\bwhich release\\b",
            // the catalogue holds facts, not judgements: it cannot rank entries on anything
            "rankings or quality judgements", "\\bbest\\b|\\bbetter\\b|\\bworst\\b|\\bstrongest\\b|\\bweakest\\b"
                    + "|\\bmost\\s+(mature|reliable|robust|powerful)\\b|\\brecommend\\w*|\\bquality\\b"
                    + "|\\beasiest\\b|\\bsimplest\\b");

    static {
        ASPECTS.put(Aspect.LINES, KeywordPattern.compile("\\b(spec|specification|protocol|a2a)\\s+version|\\bwhich version\\b"
                + "|\\bwhat version\\b|\\bversions?\\s+of\\s+a2a\\b|\\btarget(s)?\\b|\\blines?\\b"));
        ASPECTS.put(Aspect.SETUP, KeywordPattern.compile("\\bset\\s?up\\b|\\binstall\\w*|\\bget(ting)? started\\b"
                + "|\\bhow (do|to|can)\\b|\\bconfigure\\b"));
        ASPECTS.put(Aspect.LICENCE, KeywordPattern.compile("\\blicen[cs]\\w*"));
        ASPECTS.put(Aspect.BINDINGS, KeywordPattern.compile("\\bbindings?\\b|\\btransports?\\b|\\bgrpc\\b|\\bjson[- ]?rpc\\b"
                + "|\\brest\\b"));
        ASPECTS.put(Aspect.ROLES, KeywordPattern.compile("\\bclients?\\b|\\bservers?\\b|\\broles?\\b"));
        ASPECTS.put(Aspect.LANGUAGES, KeywordPattern.compile("\\blanguages?\\b|\\bwritten in\\b"));
        ASPECTS.put(Aspect.STREAMING, STREAMING);
        ASPECTS.put(Aspect.SUPPORT, KeywordPattern.compile("\\bsupport\\w*|\\bspeak\\w*|\\bcompatib\\w*|\\bimplement\\w*"
                + "|\\bintegrat\\w*|\\bwork with\\b|\\ba2a\\b"));
    }

    private final Map<String, List<Spelling>> names = new LinkedHashMap<>();

    /** Every pattern of the vocabulary, for tests that hold each to its words. */
    static List<KeywordPattern> vocabulary() {
        List<KeywordPattern> all = new ArrayList<>(List.of(OPEN, CLOSED, STREAMING, WITHOUT));
        for (Map<String, KeywordPattern> group : List.of(LANGUAGES, LICENCES, LINES, BINDINGS, KINDS, ROLES, NOT_RECORDED)) {
            all.addAll(group.values());
        }
        all.addAll(ASPECTS.values());
        return all;
    }

    public QuestionReader(Catalogue catalogue) {
        for (CatalogueEntry entry : catalogue.entries()) {
            Set<String> spellings = new LinkedHashSet<>();
            spellings.add(entry.name());
            spellings.add(entry.id());
            spellings.addAll(entry.aliases());
            List<Spelling> patterns = new ArrayList<>();
            for (String spelling : spellings) {
                String lower = spelling.toLowerCase(Locale.ROOT);
                patterns.add(new Spelling(lower, Pattern.compile("(?<![a-z0-9])" + Pattern.quote(lower)
                        + "(?![a-z0-9])")));
            }
            names.put(entry.id(), patterns);
        }
    }

    /**
     * One way to write an entry's name, and the pattern that finds it as a whole word. Most
     * questions name no entry or one: a plain substring search rules out nearly every spelling
     * before its pattern runs.
     */
    private record Spelling(String text, Pattern pattern) {
    }

    public CatalogueQuery read(String question) {
        String remaining = WHITESPACE.matcher(question.toLowerCase(Locale.ROOT)).replaceAll(" ");
        List<String> named = new ArrayList<>();
        for (Map.Entry<String, List<Spelling>> entry : names.entrySet()) {
            for (Spelling spelling : entry.getValue()) {
                if (!remaining.contains(spelling.text())) {
                    continue;
                }
                Matcher matcher = spelling.pattern().matcher(remaining);
                if (matcher.find()) {
                    named.add(entry.getKey());
                    // what names an entry is no attribute: "a2a-java" is not a question about Java
                    remaining = matcher.replaceAll(" ");
                    break;
                }
            }
        }
        String text = remaining;
        Set<Aspect> asked = EnumSet.noneOf(Aspect.class);
        if (!named.isEmpty()) {
            for (Map.Entry<Aspect, KeywordPattern> aspect : ASPECTS.entrySet()) {
                if (aspect.getValue().find(text)) {
                    asked.add(aspect.getKey());
                }
            }
        }
        boolean filtering = named.isEmpty();
        Boolean openSource = OPEN.find(text) ? Boolean.TRUE : CLOSED.find(text) ? Boolean.FALSE : null;
        Boolean speaks = WITHOUT.find(text) ? Boolean.FALSE : null;
        return new CatalogueQuery(named,
                filtering ? matches(LANGUAGES, text) : Set.of(), filtering ? openSource : null,
                filtering ? matches(LICENCES, text) : Set.of(), filtering ? matches(LINES, text) : Set.of(),
                filtering ? matches(BINDINGS, text) : Set.of(), filtering ? matches(KINDS, text) : Set.of(),
                filtering ? matches(ROLES, text) : Set.of(),
                filtering && STREAMING.find(text) ? Boolean.TRUE : null,
                filtering ? speaks : null, asked, List.copyOf(matches(NOT_RECORDED, text)));
    }

    private static Set<String> matches(Map<String, KeywordPattern> patterns, String text) {
        Set<String> found = new LinkedHashSet<>();
        patterns.forEach((value, pattern) -> {
            if (pattern.find(text)) {
                found.add(value);
            }
        });
        return found;
    }

    private static Map<String, KeywordPattern> patterns(String... pairs) {
        Map<String, KeywordPattern> map = new LinkedHashMap<>();
        for (int i = 0; i < pairs.length; i += 2) {
            map.put(pairs[i], KeywordPattern.compile(pairs[i + 1]));
        }
        return map;
    }
}
