-- The messageId of the message that created each task, so a client that repeats a first send
-- (a retry after a lost answer) is given the task it created instead of a second one. Tasks
-- created before this column stay without it and are never matched.
ALTER TABLE a2a_task ADD COLUMN first_message_id VARCHAR(255);

-- One task per caller and messageId. The operator's tasks have no owner, and a unique index
-- counts NULLs as distinct, so the index keys on a column that names the operator instead:
-- the operator's repeats are caught too, and no caller's key equals '#operator' (owners are
-- 'key:', 'anon:' or 'addr:' followed by a digest or id).
ALTER TABLE a2a_task ADD COLUMN first_send_owner VARCHAR(255)
    GENERATED ALWAYS AS (COALESCE(owner, '#operator'));
CREATE UNIQUE INDEX a2a_task_first_send ON a2a_task (first_send_owner, first_message_id);
