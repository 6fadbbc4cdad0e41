-- A task's row no longer stores the whole task at every change: the task is a snapshot (none when
-- the log tells it from its first entry) with the log's later entries replayed. Rows written
-- before this hold a snapshot as of their last entry. Every instance sharing the database must run
-- a release that reads the new form before any writes it.
ALTER TABLE a2a_task ALTER COLUMN task_json SET NULL;
ALTER TABLE a2a_task ADD COLUMN snapshot_seq BIGINT;
ALTER TABLE a2a_task ADD COLUMN stored_chars BIGINT;
UPDATE a2a_task SET snapshot_seq = last_seq, stored_chars = CHAR_LENGTH(task_json);
ALTER TABLE a2a_task ALTER COLUMN snapshot_seq SET NOT NULL;
ALTER TABLE a2a_task ALTER COLUMN stored_chars SET NOT NULL;
