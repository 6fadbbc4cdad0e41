package dev.switchboard.protocol.json;

import static dev.switchboard.protocol.json.JsonTesting.assertInvalid;
import static dev.switchboard.protocol.json.JsonTesting.golden;
import static dev.switchboard.protocol.json.JsonTesting.json;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import dev.switchboard.protocol.Artifact;
import dev.switchboard.protocol.Part;
import dev.switchboard.protocol.Task;
import dev.switchboard.protocol.TaskState;
import dev.switchboard.protocol.TaskStatus;
import dev.switchboard.protocol.request.ListTasksRequest;
import dev.switchboard.protocol.request.ListTasksResponse;
import jakarta.json.JsonObject;
import java.time.Instant;
import java.util.List;
import org.junit.jupiter.api.Test;

class ListTasksCodecTest {

    @Test
    void readsTheGolden() {
        ListTasksRequest request = ListTasksCodec.request(golden("list-tasks-request"));
        assertEquals("acme", request.tenant());
        assertEquals("c-1", request.contextId());
        assertEquals(TaskState.WORKING, request.status());
        assertEquals(Instant.parse("2025-10-28T10:30:00Z"), request.statusTimestampAfter());
        assertEquals(10, request.pageSize());
        assertEquals("opaque-cursor", request.pageToken());
        assertEquals(2, request.historyLength());
        assertTrue(request.includeArtifacts());
    }

    @Test
    void emptyRequestHasNoFilters() {
        ListTasksRequest request = ListTasksCodec.request(json("{}"));
        assertNull(request.status());
        assertNull(request.pageSize());
        assertEquals(ListTasksRequest.DEFAULT_PAGE_SIZE, request.effectivePageSize());
        assertNull(request.pageToken());
        assertFalse(request.includeArtifacts());
        assertEquals(json("{}"), ListTasksCodec.toJson(request));
    }

    @Test
    void queryParametersAsStringsReadTheSame() {
        ListTasksRequest request = ListTasksCodec.request(json("{'context_id':'c','status':'TASK_STATE_COMPLETED',"
                + "'page_size':'100','page_token':'!!not-a-token!!','history_length':'0',"
                + "'status_timestamp_after':'2025-10-28T12:30:00+02:00','include_artifacts':'true'}"));
        assertEquals("c", request.contextId());
        assertEquals(TaskState.COMPLETED, request.status());
        assertEquals(100, request.pageSize());
        assertEquals("!!not-a-token!!", request.pageToken());
        assertEquals(0, request.historyLength());
        assertEquals(Instant.parse("2025-10-28T10:30:00Z"), request.statusTimestampAfter());
        assertTrue(request.includeArtifacts());
    }

    @Test
    void unspecifiedStatusFiltersNothing() {
        assertNull(ListTasksCodec.request(json("{'status':'TASK_STATE_UNSPECIFIED'}")).status());
    }

    @Test
    void theTckInvalidListRequests() {
        for (String size : new String[] {"0", "-1", "101", "'0'", "'101'", "1.5", "'ten'"}) {
            assertInvalid("pageSize", () -> ListTasksCodec.request(json("{'pageSize':" + size + "}")));
        }
        assertEquals(1, ListTasksCodec.request(json("{'pageSize':1}")).pageSize());
        assertInvalid("status", () -> ListTasksCodec.request(json("{'status':'TASK_STATE_BOGUS'}")));
        assertInvalid("status", () -> ListTasksCodec.request(json("{'status':'working'}")));
        assertInvalid("historyLength", () -> ListTasksCodec.request(json("{'historyLength':-1}")));
        assertInvalid("statusTimestampAfter", () -> ListTasksCodec.request(json("{'statusTimestampAfter':'-1'}")));
        assertInvalid("statusTimestampAfter", () -> ListTasksCodec.request(json("{'statusTimestampAfter':5}")));
        assertInvalid("includeArtifacts", () -> ListTasksCodec.request(json("{'includeArtifacts':'yes'}")));
        assertInvalid("pageToken", () -> ListTasksCodec.request(json("{'pageToken':5}")));
    }

    @Test
    void emptyResponseStillHasAllFourKeys() {
        JsonObject json = ListTasksCodec.toJson(new ListTasksResponse(List.of(), "", 0, 0));
        assertEquals(golden("list-tasks-response-empty"), json);
        assertEquals(List.of("tasks", "nextPageToken", "pageSize", "totalSize"), List.copyOf(json.keySet()));
    }

    @Test
    void tasksWithoutArtifactsHaveNoArtifactsKey() {
        TaskStatus working = new TaskStatus(TaskState.WORKING, null, null);
        Task bare = new Task("t", "c", working, List.of(), List.of(), null);
        Task withArtifact = bare.withArtifacts(List.of(Artifact.of("a", null, List.of(Part.text("x")))));
        JsonObject json = ListTasksCodec.toJson(new ListTasksResponse(List.of(bare, withArtifact), "n", 2, 9));
        assertFalse(json.getJsonArray("tasks").getJsonObject(0).containsKey("artifacts"));
        assertEquals(1, json.getJsonArray("tasks").getJsonObject(1).getJsonArray("artifacts").size());
        assertEquals("n", json.getString("nextPageToken"));
        assertEquals(2, json.getInt("pageSize"));
        assertEquals(9, json.getInt("totalSize"));
    }

    @Test
    void readsAResponse() {
        ListTasksResponse response = ListTasksCodec.response(golden("list-tasks-response"), "");
        assertEquals(2, response.tasks().size());
        assertEquals("t-0", response.tasks().get(1).id());
        assertEquals("next-cursor", response.nextPageToken());
        assertEquals(2, response.pageSize());
        assertEquals(7, response.totalSize());
        assertEquals(new ListTasksResponse(List.of(), "", 0, 0), ListTasksCodec.response(json("{}"), ""));
    }
}
