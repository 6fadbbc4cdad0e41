-- Webhook configs of tasks. Each keeps its own delivery cursor into the task's event log
-- (delivered_seq): events after it are still owed to the webhook, so a restart resumes them.
-- The token and the credentials are sealed with AES-GCM (key in the data directory).
CREATE TABLE a2a_push_config (
    task_id            VARCHAR(128)  NOT NULL,
    id                 VARCHAR(128)  NOT NULL,
    protocol_version   VARCHAR(8)    NOT NULL,
    url                VARCHAR(2048) NOT NULL,
    token_sealed       VARCHAR(4096),
    auth_scheme        VARCHAR(64),
    credentials_sealed VARCHAR(8192),
    created_ms         BIGINT        NOT NULL,
    delivered_seq      BIGINT        NOT NULL,
    failures           INTEGER       NOT NULL,
    next_attempt_ms    BIGINT        NOT NULL,
    cut_off            VARCHAR(1024),
    PRIMARY KEY (task_id, id)
);
CREATE INDEX a2a_push_config_by_next_attempt ON a2a_push_config (next_attempt_ms);
