-- Instances sharing one database must also share the keys they made in their data directories
-- (the seal of webhook secrets, the notification and card signing keys): the first instance
-- records a fingerprint of each, and an instance holding another key refuses to start.
CREATE TABLE a2a_shared_key (
    name         VARCHAR(64)  NOT NULL PRIMARY KEY,
    fingerprint  VARCHAR(128) NOT NULL,
    recorded_by  VARCHAR(255) NOT NULL,
    recorded_ms  BIGINT       NOT NULL
);
