-- Each question's statistics per peer group over the scored market, recomputed by the
-- ComputeSectorStats job (`jobs::peers`; rule in jobs/docs/scoring.md, "Next to its peers").
-- A group is a SIC major group ('53') or division ('G'); `metric` names what is compared
-- (`net_margin`). One run replaces every row, all stamped with its time. p25/median/p75 may be
-- infinite for cash against debt (companies with no debt at all).
CREATE TABLE sector_stats (
    group_code TEXT NOT NULL CHECK (length(group_code) BETWEEN 1 AND 2),
    question INTEGER NOT NULL CHECK (question BETWEEN 1 AND 12),
    metric TEXT NOT NULL CHECK (length(metric) <= 40),
    peer_count INTEGER NOT NULL CHECK (peer_count > 0),
    p25 REAL NOT NULL,
    median REAL NOT NULL,
    p75 REAL NOT NULL,
    computed_at TEXT NOT NULL,
    PRIMARY KEY (group_code, question, metric)
) STRICT;
CREATE INDEX sector_stats_computed_at ON sector_stats (computed_at);
