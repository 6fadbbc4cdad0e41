-- Task retention: expired tasks are found by state and last status change, oldest first, and
-- the health check reads the oldest task's creation time; both from an index, not a scan.
CREATE INDEX a2a_task_by_state_status_ts ON a2a_task (state, status_ts_ms);
CREATE INDEX a2a_task_by_created ON a2a_task (created_ms);
