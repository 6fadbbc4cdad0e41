package dev.switchboard.skill.review;

import static dev.switchboard.skill.review.Cards.array;
import static dev.switchboard.skill.review.Cards.good;
import static dev.switchboard.skill.review.Cards.json;
import static dev.switchboard.skill.review.Cards.with;
import static dev.switchboard.skill.review.Cards.without;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import jakarta.json.JsonObject;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;

class CardReviewTest {
    /** Each finding as "SEVERITY CODE field", for exact comparison. */
    private static Set<String> found(Review review) {
        return review.findings().stream().map(f -> f.severity() + " " + f.code() + " " + f.field())
                .collect(Collectors.toSet());
    }

    @Test
    void aGoodV10CardScoresFullMarksWithOnlyAdvice() {
        Review review = CardReview.review(good());
        assertEquals(Set.of("INFO V10_ONLY url", "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertEquals(100, review.score());
        assertEquals(List.of("1.0"), review.lines());
        assertEquals(List.of(
                new Review.Endpoint("JSONRPC", "https://translate.example.com/a2a/jsonrpc", "1.0"),
                new Review.Endpoint("HTTP+JSON", "https://translate.example.com/a2a/rest", "1.0"),
                new Review.Endpoint("GRPC", "grpc.translate.example.com:443", "1.0")), review.interfaces());
        assertTrue(review.signed());
        assertEquals(List.of(new Review.Scheme("bearer", "http")), review.securitySchemes());
        assertEquals(2, review.skills());
        assertTrue(review.findings().stream().filter(f -> f.code().equals("SIGNATURE_NOT_VERIFIED"))
                .allMatch(f -> f.message().contains("not verified")));
    }

    @Test
    void aCardForBothLinesListsBothAndNeedsNoAdviceAboutLines() {
        JsonObject card = with(with(with(good(), "url", "https://translate.example.com/a2a/jsonrpc"),
                "preferredTransport", "JSONRPC"), "protocolVersion", "0.3.0");
        Review review = CardReview.review(card);
        assertEquals(List.of("0.3", "1.0"), review.lines());
        assertEquals(Set.of("INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        // The 0.3 endpoint is listed once more under its own version.
        assertEquals(4, review.interfaces().size());
    }

    @Test
    void aV03OnlyCardIsUnreachableFor10Clients() {
        JsonObject card = with(with(with(with(without(good(), "supportedInterfaces", "securityRequirements"),
                "protocolVersion", "0.3.0"), "url", "https://translate.example.com/a2a"),
                "additionalInterfaces", array("[{'url':'https://translate.example.com/a2a','transport':'JSONRPC'},"
                        + "{'url':'https://grpc.translate.example.com/a2a','transport':'GRPC'}]")),
                "securitySchemes", json("{'key':{'type':'apiKey','in':'header','name':'X-API-Key'}}"));
        Review review = CardReview.review(with(card, "security", array("[{'key':[]}]")));
        assertEquals(Set.of("WARNING V03_ONLY supportedInterfaces", "INFO SIGNATURE_NOT_VERIFIED signatures"),
                found(review));
        assertEquals(95, review.score());
        assertEquals(List.of("0.3"), review.lines());
        // The top-level url defaults to JSON-RPC and repeats the first additional interface; listed once.
        assertEquals(List.of(new Review.Endpoint("JSONRPC", "https://translate.example.com/a2a", "0.3.0"),
                new Review.Endpoint("GRPC", "https://grpc.translate.example.com/a2a", "0.3.0")), review.interfaces());
        assertEquals(List.of(new Review.Scheme("key", "apiKey")), review.securitySchemes());
    }

    @Test
    void anUnsignedCardGetsAdviceButKeepsItsScore() {
        Review review = CardReview.review(without(good(), "signatures"));
        assertFalse(review.signed());
        assertEquals(Set.of("INFO V10_ONLY url", "INFO UNSIGNED signatures"), found(review));
        assertEquals(100, review.score());
    }

    @Test
    void badInterfaceAddressesAreFoundOneByOne() {
        JsonObject card = with(good(), "supportedInterfaces", array("""
                [{'url':'/a2a','protocolBinding':'JSONRPC','protocolVersion':'1.0'},
                 {'url':'http://agent.example.com/a2a','protocolBinding':'JSONRPC','protocolVersion':'1.0'},
                 {'url':'http://localhost:8080/a2a','protocolBinding':'HTTP+JSON','protocolVersion':'1.0'},
                 {'url':'grpc://grpc.example.com:50051','protocolBinding':'GRPC','protocolVersion':'1.0'},
                 {'url':'grpc.example.com','protocolBinding':'GRPC','protocolVersion':'1.0'},
                 {'url':'ftp://agent.example.com/a2a','protocolBinding':'jsonrpc','protocolVersion':'1.0'}]"""));
        Review review = CardReview.review(card);
        assertEquals(Set.of("ERROR INVALID_URL supportedInterfaces[0].url",
                "WARNING PLAIN_HTTP supportedInterfaces[1].url",
                "ERROR GRPC_URL_WITH_SCHEME supportedInterfaces[3].url",
                "ERROR INVALID_GRPC_ADDRESS supportedInterfaces[4].url",
                "ERROR INVALID_URL supportedInterfaces[5].url",
                "WARNING UNKNOWN_BINDING supportedInterfaces[5].protocolBinding",
                "INFO V10_ONLY url", "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertEquals(100 - 4 * 15 - 2 * 5, review.score());
        String grpc = review.findings().stream().filter(f -> f.code().equals("GRPC_URL_WITH_SCHEME")).findFirst()
                .orElseThrow().message();
        assertTrue(grpc.contains("\"grpc.example.com:50051\""), grpc);
    }

    @Test
    void weakSkillsCannotBeRoutedOn() {
        JsonObject card = with(good(), "skills", array("""
                [{'id':'tr','name':'Translate','description':'Translates text.','tags':['translation'],'examples':['x']},
                 {'id':'help','name':'Helper','description':'A helpful assistant!','examples':['hi']},
                 {'id':'tr','name':'Summarize','description':'Summarizes the text of the message in three sentences','tags':[]},
                 {'id':'same','name':'Same','description':'same','tags':['a'],'examples':['b']},
                 {'name':'Nameless','description':'Answers questions about the weather in a city the message names','tags':['w'],'examples':['Rome?']}]"""));
        Review review = CardReview.review(card);
        assertEquals(Set.of("WARNING SHORT_SKILL_DESCRIPTION skills[0].description",
                "WARNING GENERIC_SKILL_DESCRIPTION skills[1].description",
                "WARNING MISSING_SKILL_TAGS skills[1].tags",
                "ERROR DUPLICATE_SKILL_ID skills[2].id",
                "WARNING MISSING_SKILL_TAGS skills[2].tags",
                "WARNING MISSING_SKILL_EXAMPLES skills[2].examples",
                "WARNING GENERIC_SKILL_DESCRIPTION skills[3].description",
                "ERROR MISSING_FIELD skills[4].id",
                "INFO V10_ONLY url", "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertEquals(100 - 2 * 15 - 6 * 5, review.score());
        assertEquals(5, review.skills());
    }

    @Test
    void anEmptyObjectMissesEveryRequiredField() {
        Review review = CardReview.review(json("{}"));
        assertEquals(Set.of("ERROR MISSING_FIELD name", "ERROR MISSING_FIELD description",
                "ERROR MISSING_FIELD version", "ERROR MISSING_FIELD supportedInterfaces",
                "ERROR MISSING_FIELD capabilities", "ERROR MISSING_FIELD defaultInputModes",
                "ERROR MISSING_FIELD defaultOutputModes", "ERROR MISSING_FIELD skills",
                "INFO NO_SECURITY_SCHEMES securitySchemes", "INFO UNSIGNED signatures", "INFO NO_PROVIDER provider",
                "INFO NO_DOCUMENTATION_URL documentationUrl"), found(review));
        assertEquals(0, review.score());
        assertEquals(List.of(), review.lines());
        assertEquals(0, review.skills());
    }

    @Test
    void fieldsOfTheWrongTypeAreReportedOnceEach() {
        JsonObject card = with(with(good(), "skills", "all of them"), "name", json("{'x':1}"));
        Review review = CardReview.review(card);
        assertEquals(Set.of("ERROR WRONG_TYPE skills", "ERROR WRONG_TYPE name", "INFO V10_ONLY url",
                "INFO SIGNATURE_NOT_VERIFIED signatures"), found(review));
        assertEquals(70, review.score());
    }

    @Test
    void requirementsMustNameDeclaredSchemesAndSignaturesMustBeWellFormed() {
        JsonObject card = with(with(good(), "securityRequirements", array("[{'schemes':{'oauth':{'list':['read']}}}]")),
                "signatures", array("[{'protected':'bm90IGpzb24','signature':'x'},{'signature':'x'}]"));
        Review review = CardReview.review(card);
        assertEquals(Set.of("ERROR UNDECLARED_SECURITY_SCHEME securityRequirements[0].schemes.oauth",
                "ERROR MALFORMED_SIGNATURE signatures[0].protected", "ERROR MISSING_FIELD signatures[1].protected",
                "INFO V10_ONLY url"), found(review));
        assertEquals("malformed", review.signature().status());
    }

    @Test
    void theJsonReviewOrdersFindingsBySeverity() {
        JsonObject card = with(without(good(), "documentationUrl"), "supportedInterfaces",
                array("[{'url':'http://agent.example.com/a2a','protocolBinding':'JSONRPC','protocolVersion':'1.0'},"
                        + "{'url':'a2a','protocolBinding':'JSONRPC','protocolVersion':'1.0'}]"));
        JsonObject json = CardReview.review(card).toJson();
        assertEquals(80, json.getInt("score"));
        assertEquals(List.of("error", "warning", "info", "info", "info"), json.getJsonArray("findings")
                .getValuesAs(JsonObject.class).stream().map(f -> f.getString("severity")).toList());
        assertEquals("supportedInterfaces[1].url", json.getJsonArray("findings").getJsonObject(0).getString("field"));
        assertEquals(Set.of("score", "lines", "interfaces", "signed", "signature", "securitySchemes", "skills",
                        "findings"),
                json.keySet());
    }
}
