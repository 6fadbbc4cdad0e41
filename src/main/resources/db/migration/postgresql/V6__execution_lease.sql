-- Execution leases: the instance that runs a task's agent holds it until lease_until_ms (epoch
-- milliseconds) and renews it while it lives. A submitted or working task whose lease has run out
-- belongs to an instance that stopped: any other instance fails it, as that instance would have
-- at its own restart. NULL where no instance runs the task, and on rows written before leases.
ALTER TABLE a2a_task ADD COLUMN lease_until_ms BIGINT;
CREATE INDEX a2a_task_by_state_lease ON a2a_task (state, lease_until_ms);
