-- ListTasks for one caller: its total (count where owner = ?) and its pages (owner = ?, newest
-- status first, keyset on status time and id) are read from this index, not from a scan of every
-- caller's tasks.
CREATE INDEX a2a_task_by_owner_status_ts ON a2a_task (owner, status_ts_ms DESC, id DESC);
