-- Issue 14: addresses the administrator removed from the content feed. The hourly sync
-- skips them, so a removed post does not come back from its feed an hour later; adding the
-- address by hand again lifts the block.
CREATE TABLE content_removed (
    url TEXT PRIMARY KEY,
    removed_at TEXT NOT NULL DEFAULT (strftime('%Y-%m-%dT%H:%M:%f+00:00', 'now'))
) STRICT;
