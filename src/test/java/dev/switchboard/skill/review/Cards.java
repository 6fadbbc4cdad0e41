package dev.switchboard.skill.review;

import jakarta.json.Json;
import jakarta.json.JsonArray;
import jakarta.json.JsonObject;
import jakarta.json.JsonObjectBuilder;
import jakarta.json.JsonReader;
import java.io.StringReader;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;

/** Agent Cards for the review tests: a good 1.0 card, and ways to spoil it. */
final class Cards {
    static final String HEADER = Base64.getUrlEncoder().withoutPadding().encodeToString(
            "{\"alg\":\"ES256\",\"kid\":\"key-1\",\"typ\":\"JOSE\"}".getBytes(StandardCharsets.UTF_8));

    private Cards() {
    }

    static JsonObject json(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json.replace('\'', '"')))) {
            return reader.readObject();
        }
    }

    static JsonArray array(String json) {
        try (JsonReader reader = Json.createReader(new StringReader(json.replace('\'', '"')))) {
            return reader.readArray();
        }
    }

    /** A 1.0 card a client and a calling agent can use fully: signed, secured, documented. */
    static JsonObject good() {
        return json("""
                {'name':'Translator','description':'Translates text between European languages',
                 'version':'2.1.0',
                 'supportedInterfaces':[
                   {'url':'https://translate.example.com/a2a/jsonrpc','protocolBinding':'JSONRPC','protocolVersion':'1.0'},
                   {'url':'https://translate.example.com/a2a/rest','protocolBinding':'HTTP+JSON','protocolVersion':'1.0'},
                   {'url':'grpc.translate.example.com:443','protocolBinding':'GRPC','protocolVersion':'1.0'}],
                 'provider':{'organization':'Example Corp','url':'https://example.com'},
                 'documentationUrl':'https://example.com/docs/translator',
                 'capabilities':{'streaming':true,'pushNotifications':false},
                 'securitySchemes':{'bearer':{'httpAuthSecurityScheme':{'scheme':'Bearer','bearerFormat':'JWT'}}},
                 'securityRequirements':[{'schemes':{'bearer':{'list':[]}}}],
                 'defaultInputModes':['text/plain'],'defaultOutputModes':['text/plain'],
                 'skills':[
                   {'id':'translate','name':'Translate','description':'Translates the text of the message into the language named in it',
                    'tags':['translation','languages'],'examples':['Translate into French: good morning']},
                   {'id':'detect','name':'Detect language','description':'Names the language of the text sent, with a confidence from 0 to 1',
                    'tags':['language-detection'],'examples':['Which language is this: buenos dias']}],
                 'signatures':[{'protected':'HEADER','signature':'c2lnbmF0dXJl'}]}
                """.replace("HEADER", HEADER));
    }

    static JsonObject with(JsonObject card, String name, Object value) {
        JsonObjectBuilder builder = Json.createObjectBuilder(card);
        if (value instanceof jakarta.json.JsonValue json) {
            builder.add(name, json);
        } else {
            builder.add(name, (String) value);
        }
        return builder.build();
    }

    static JsonObject without(JsonObject card, String... names) {
        JsonObjectBuilder builder = Json.createObjectBuilder(card);
        List.of(names).forEach(builder::remove);
        return builder.build();
    }
}
