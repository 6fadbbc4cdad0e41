package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static dev.switchboard.protocol.json.JsonTesting.value;
import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import dev.switchboard.protocol.Part;
import jakarta.json.Json;
import jakarta.json.JsonValue;
import org.junit.jupiter.api.Test;

class PartCodecTest {
    private static final byte[] BYTES = {(byte) 0xfb, (byte) 0xff, (byte) 0xbf, 0x00, 0x01};

    private static Part read(String singleQuoted) {
        return PartCodec.fromJson(value(singleQuoted), "part");
    }

    @Test
    void readsEachKindFromTheGoldens() {
        Part text = PartCodec.fromJson(golden("part-text"), "part");
        assertEquals(Part.Kind.TEXT, text.kind());
        assertEquals("Hello, world", text.text());
        assertEquals("text/plain", text.mediaType());
        assertEquals(json("{'source':'keyboard'}"), text.metadata());

        Part raw = PartCodec.fromJson(golden("part-raw"), "part");
        assertEquals(Part.Kind.RAW, raw.kind());
        assertArrayEquals(new byte[] {(byte) 0x89, 'P', 'N', 'G', '\r', '\n', 0x1a, '\n'}, raw.raw());
        assertEquals("a.png", raw.filename());

        Part url = PartCodec.fromJson(golden("part-url"), "part");
        assertEquals("https://example.com/doc.pdf", url.url());
        assertEquals("application/pdf", url.mediaType());

        Part data = PartCodec.fromJson(golden("part-data"), "part");
        assertEquals(Part.Kind.DATA, data.kind());
        assertEquals("v", data.data().asJsonObject().getString("k"));
    }

    @Test
    void base64InEitherAlphabetWithOrWithoutPadding() {
        assertArrayEquals(BYTES, read("{'raw':'+/+/AAE='}").raw());
        assertArrayEquals(BYTES, read("{'raw':'+/+/AAE'}").raw());
        assertArrayEquals(BYTES, read("{'raw':'-_-_AAE='}").raw());
        assertArrayEquals(BYTES, read("{'raw':'-_-_AAE'}").raw());
        assertArrayEquals(new byte[0], read("{'raw':''}").raw());
    }

    @Test
    void base64IsWrittenStandardAndPadded() {
        assertEquals(json("{'raw':'+/+/AAE='}"), PartCodec.toJson(Part.raw(BYTES, null, null)));
    }

    @Test
    void badBase64NamesTheRawField() {
        for (String bad : new String[] {"'not base64!'", "'abcde'", "'+/-_'", "'a===='", "5"}) {
            assertInvalid("message.parts[0].raw",
                    () -> PartCodec.fromJson(value("{'raw':" + bad + "}"), "message.parts[0]"));
        }
    }

    @Test
    void exactlyOneContentMember() {
        for (String bad : new String[] {"{}", "{'mediaType':'text/plain'}", "{'text':'a','url':'https://x'}",
                "{'text':'a','data':{}}", "{'raw':'AA==','url':'u'}", "{'text':'a','data':null}",
                "{'kind':'text'}", "{'kind':'file','file':{'uri':'https://x'}}", "{'text':null}"}) {
            assertInvalid("message.parts[0]", () -> PartCodec.fromJson(value(bad), "message.parts[0]"));
        }
    }

    @Test
    void aPartMustBeAnObject() {
        for (String bad : new String[] {"'invalid'", "1", "[]", "null", "true"}) {
            assertInvalid("message.parts[2]", () -> PartCodec.fromJson(value(bad), "message.parts[2]"));
        }
    }

    @Test
    void oneofMembersKeepTheirPresence() {
        Part emptyText = read("{'text':''}");
        assertEquals("", emptyText.text());
        assertEquals(json("{'text':''}"), PartCodec.toJson(emptyText));
        Part nullData = read("{'data':null}");
        assertEquals(JsonValue.NULL, nullData.data());
        assertEquals(json("{'data':null}"), PartCodec.toJson(nullData));
    }

    @Test
    void dataMayBeAnyJsonValue() {
        assertEquals(Json.createValue(42), read("{'data':42}").data());
        assertEquals(value("['a',{'b':1}]"), read("{'data':['a',{'b':1}]}").data());
        assertEquals(Json.createValue("s"), read("{'data':'s'}").data());
    }

    @Test
    void optionalFieldsInSnakeCaseAndUnknownFieldsIgnored() {
        Part part = read("{'kind':'text','text':'hi','media_type':'text/markdown','extra':{'x':1}}");
        assertEquals("text/markdown", part.mediaType());
        assertNull(part.filename());
        assertEquals(json("{'text':'hi','mediaType':'text/markdown'}"), PartCodec.toJson(part));
    }

    @Test
    void optionalFieldsMustHaveTheirTypes() {
        assertInvalid("p.metadata", () -> PartCodec.fromJson(value("{'text':'a','metadata':'x'}"), "p"));
        assertInvalid("p.mediaType", () -> PartCodec.fromJson(value("{'text':'a','mediaType':1}"), "p"));
        assertInvalid("p.text", () -> PartCodec.fromJson(value("{'text':1}"), "p"));
        assertInvalid("p.url", () -> PartCodec.fromJson(value("{'url':{}}"), "p"));
    }
}
