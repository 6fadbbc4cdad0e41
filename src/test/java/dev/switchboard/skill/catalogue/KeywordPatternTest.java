package dev.switchboard.skill.catalogue;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

class KeywordPatternTest {
    @Test
    void wordsAreTheLiteralsEachAlternativeStartsWith() {
        assertEquals(List.of("client", "call"), KeywordPattern.wordsOf("\\bclients?\\b|\\bcall(ing)? (other |remote )?agents\\b"));
        assertEquals(List.of("servers"), KeywordPattern.wordsOf("(?<!a2a )\\bservers\\b"));
        assertEquals(List.of("c#", ".net", "dotnet"), KeywordPattern.wordsOf("c#|\\.net\\b|\\bdotnet\\b"));
        assertEquals(List.of("pric", "cost"), KeywordPattern.wordsOf("\\bpric(e|es|ing)\\b|\\bcosts?\\b"));
        assertEquals(List.of("1.0", "v1"), KeywordPattern.wordsOf("\\b1\\.0(\\.\\d+)?\\b|\\bv1\\b"));
        assertEquals(List.of("json", "go", "a"), KeywordPattern.wordsOf("\\bjson[- ]?rpc\\b|\\bgo\\s+sdk|a+b"));
        assertEquals(List.of("who "), KeywordPattern.wordsOf("\\bwho (makes|made)\\b"));
        assertEquals(List.of("a|b"), KeywordPattern.wordsOf("a\\|b"));
        assertEquals(List.of("gpl"), KeywordPattern.wordsOf("\\b(a|l)?gpl\\b"));
        assertEquals(List.of("no", "lack", "do"), KeywordPattern.wordsOf("\\b(no|lack(s|ing)?)\\b\\s+a2a|\\bdo(es)?n't"));
        assertEquals(List.of("in", "for"), KeywordPattern.wordsOf("\\b(?:in|for)\\s+go\\b"));
    }

    @Test
    void anAlternativeWithoutALeadingLiteralMakesThePatternAlwaysRun() {
        assertEquals(List.of(), KeywordPattern.wordsOf("\\bmit\\b|\\b(n|[xy]z)\\b support"));
        assertEquals(List.of(), KeywordPattern.wordsOf("(ab){2}"));
        assertEquals(List.of(), KeywordPattern.wordsOf("(?i)ab"));
        assertEquals(List.of(), KeywordPattern.wordsOf("\\bx?y\\b"));
        assertEquals(List.of(), KeywordPattern.wordsOf("[ab]c|d"));
        assertEquals(List.of(), KeywordPattern.wordsOf("(?<!unclosed"));
        assertEquals(true, KeywordPattern.compile("\\b(a|l)?gpl\\b").find("an lgpl library"));
        assertEquals(true, KeywordPattern.compile("(?i)ab").find("AB"));
    }

    @Test
    void everyPatternOfTheReaderFindsWhatItsRegexFinds() {
        List<KeywordPattern> vocabulary = QuestionReader.vocabulary();
        Set<String> tokens = new LinkedHashSet<>();
        for (KeywordPattern pattern : vocabulary) {
            for (String token : pattern.pattern().pattern().split("\\\\[bswd]|[^a-z0-9#.' +-]+")) {
                if (!token.isBlank()) {
                    tokens.add(token.strip());
                }
            }
        }
        List<String> texts = new ArrayList<>(List.of(
                "does crewai support a2a?", "which frameworks have no a2a support?", "open source java sdk with streaming",
                "is there a go sdk for a2a 1.0 over json-rpc", "an a2a server in c# or .net", "who maintains the python sdk",
                "what is the latest version", "lgpl or agpl licences", "http + json and grpc bindings",
                "hello from the a2a benchmark: the quick brown fox jumps over the lazy dog 0123456789"));
        for (String token : tokens) {
            texts.add(token);
            texts.add("is " + token + "s supported");
            for (String other : List.of("a2a", "support", "server", "sdk", "1", "go", "version")) {
                texts.add(token + " " + other);
                texts.add(other + " " + token);
            }
        }
        int matched = 0;
        for (KeywordPattern pattern : vocabulary) {
            for (String text : texts) {
                boolean expected = pattern.pattern().matcher(text).find();
                assertEquals(expected, pattern.find(text), () -> pattern.pattern() + " on \"" + text + "\"");
                matched += expected ? 1 : 0;
            }
        }
        // the corpus reaches the patterns: a test whose texts matched nothing would prove nothing
        assertEquals(true, matched > vocabulary.size(), "matches: " + matched);
    }
}
