-- Instances sharing this database deliver each config's events from one of them at a time: an
-- instance claims a due config (claimed_by, its switchboard.instance.id) until claimed_until_ms
-- (epoch millis), renews the claim before every POST and clears it when its turn ends. A claim
-- past its time is free for the taking, so the configs of an instance that died are taken over
-- and resume from their cursor. An unclaimed config has no claimant and claimed_until_ms 0.
ALTER TABLE a2a_push_config ADD COLUMN claimed_by VARCHAR(128);
ALTER TABLE a2a_push_config ADD COLUMN claimed_until_ms BIGINT DEFAULT 0 NOT NULL;
