-- Tasks: the latest snapshot of each task as A2A 1.0 JSON, with the columns the queries need.
CREATE TABLE a2a_task (
    id           VARCHAR(128)           NOT NULL PRIMARY KEY,
    context_id   VARCHAR(255)           NOT NULL,
    owner        VARCHAR(255),
    runner       VARCHAR(128),
    state        VARCHAR(32)            NOT NULL,
    status_ts_ms BIGINT                 NOT NULL,
    created_ms   BIGINT                 NOT NULL,
    last_seq     BIGINT                 NOT NULL,
    version      BIGINT                 NOT NULL,
    task_json    TEXT                   NOT NULL
);
CREATE INDEX a2a_task_by_status_ts ON a2a_task (status_ts_ms DESC, id DESC);
CREATE INDEX a2a_task_by_context ON a2a_task (context_id, created_ms);
CREATE INDEX a2a_task_by_runner_state ON a2a_task (runner, state);

-- The append-only event log: every event a client can see, numbered per task from 1.
-- The number is the SSE event id, so a client resumes with Last-Event-ID.
CREATE TABLE a2a_task_event (
    task_id    VARCHAR(128)           NOT NULL,
    seq        BIGINT                 NOT NULL,
    created_ms BIGINT                 NOT NULL,
    event_json TEXT                   NOT NULL,
    PRIMARY KEY (task_id, seq)
);
