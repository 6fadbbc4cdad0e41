package dev.switchboard.skill.catalogue;

import java.util.ArrayList;
import java.util.List;
import java.util.regex.Pattern;

/**
 * A pattern of the question reader, with the words one of which every match contains. Most
 * questions mention few of the vocabulary's words, and a plain substring search rules a pattern
 * out far faster than the regex engine, which tries a word boundary at every position: the
 * patterns together were about 80 µs of every question read, most of a SendMessage's own work.
 *
 * <p>The words are read off the regex itself: in each top-level alternative, after any leading
 * word boundaries, look-arounds and optional groups, the literal characters up to the first
 * construct that is not one (a class, a group, an escape such as {@code \s}), a character a
 * quantifier makes optional left out; or, where the alternative starts with a group, the words of
 * the group's alternatives. An alternative that starts with anything else gives no word, and then
 * the regex always runs.
 */
final class KeywordPattern {
    private final Pattern pattern;
    /** Empty when some alternative has no word: the regex then runs on every text. */
    private final List<String> words;

    private KeywordPattern(Pattern pattern, List<String> words) {
        this.pattern = pattern;
        this.words = words;
    }

    /** @param regex lower case, as the reader lower-cases questions */
    static KeywordPattern compile(String regex) {
        return new KeywordPattern(Pattern.compile(regex), wordsOf(regex));
    }

    /** Whether the pattern occurs in the text. */
    boolean find(String text) {
        return mayOccurIn(text) && pattern.matcher(text).find();
    }

    private boolean mayOccurIn(String text) {
        if (words.isEmpty()) {
            return true;
        }
        for (String word : words) {
            if (text.contains(word)) {
                return true;
            }
        }
        return false;
    }

    Pattern pattern() {
        return pattern;
    }

    static List<String> wordsOf(String regex) {
        List<String> words = new ArrayList<>();
        for (String alternative : alternatives(regex)) {
            List<String> leading = leadingWords(alternative);
            if (leading.isEmpty()) {
                return List.of();
            }
            words.addAll(leading);
        }
        return List.copyOf(words);
    }

    /** The regex split at its top-level {@code |}, outside groups and classes. */
    private static List<String> alternatives(String regex) {
        List<String> parts = new ArrayList<>();
        int start = 0;
        for (int bar = atDepthZero(regex, 0, '|'); bar >= 0; bar = atDepthZero(regex, start, '|')) {
            parts.add(regex.substring(start, bar));
            start = bar + 1;
        }
        parts.add(regex.substring(start));
        return parts;
    }

    /**
     * Words one of which every match of the alternative contains: its leading literal, or the
     * words of the group it starts with, past groups a quantifier makes optional; empty when
     * there are none.
     */
    private static List<String> leadingWords(String alternative) {
        int i = skipZeroWidth(alternative, 0);
        while (i < alternative.length() && alternative.charAt(i) == '(') {
            int close = closingParenthesis(alternative, i);
            if (close < 0) {
                return List.of();
            }
            int after = close + 1;
            if (after < alternative.length() && "?*".indexOf(alternative.charAt(after)) >= 0) {
                i = skipZeroWidth(alternative, after + 1);
                continue;
            }
            if (after < alternative.length() && alternative.charAt(after) == '{') {
                return List.of();
            }
            String group = alternative.substring(i + 1, close);
            if (group.startsWith("?:")) {
                group = group.substring(2);
            } else if (group.startsWith("?")) {
                return List.of();
            }
            return wordsOf(group);
        }
        String literal = leadingLiteral(alternative, i);
        return literal.isEmpty() ? List.of() : List.of(literal);
    }

    private static String leadingLiteral(String alternative, int from) {
        int i = from;
        StringBuilder word = new StringBuilder();
        while (i < alternative.length()) {
            char c = alternative.charAt(i);
            char literal;
            int next;
            if (c == '\\' && i + 1 < alternative.length() && !Character.isLetterOrDigit(alternative.charAt(i + 1))) {
                literal = alternative.charAt(i + 1);
                next = i + 2;
            } else if (c == '\\' || "[](){}.*+?^$|".indexOf(c) >= 0) {
                break;
            } else {
                literal = c;
                next = i + 1;
            }
            if (next < alternative.length() && "?*{".indexOf(alternative.charAt(next)) >= 0) {
                break;
            }
            word.append(literal);
            i = next;
            if (next < alternative.length() && alternative.charAt(next) == '+') {
                break;
            }
        }
        return word.toString();
    }

    /** Past the word boundaries, anchors and look-arounds an alternative starts with. */
    private static int skipZeroWidth(String alternative, int from) {
        int i = from;
        while (i < alternative.length()) {
            if (alternative.startsWith("\\b", i)) {
                i += 2;
            } else if (alternative.startsWith("^", i)) {
                i++;
            } else if (alternative.startsWith("(?<!", i) || alternative.startsWith("(?<=", i)
                    || alternative.startsWith("(?!", i) || alternative.startsWith("(?=", i)) {
                i = closingParenthesis(alternative, i) + 1;
                if (i == 0) {
                    return alternative.length();
                }
            } else {
                return i;
            }
        }
        return i;
    }

    /** The index of the parenthesis closing the one at {@code open}, or -1. */
    private static int closingParenthesis(String text, int open) {
        return atDepthZero(text, open + 1, ')');
    }

    /**
     * The index of the first {@code wanted} from {@code from} on that is neither escaped nor in a
     * class nor in a group opened after {@code from}, or -1.
     */
    private static int atDepthZero(String regex, int from, char wanted) {
        int depth = 0;
        boolean inClass = false;
        for (int i = from; i < regex.length(); i++) {
            char c = regex.charAt(i);
            if (c == '\\') {
                i++;
            } else if (inClass) {
                inClass = c != ']';
            } else if (c == wanted && depth == 0) {
                return i;
            } else if (c == '[') {
                inClass = true;
            } else if (c == '(') {
                depth++;
            } else if (c == ')') {
                depth--;
            }
        }
        return -1;
    }
}
