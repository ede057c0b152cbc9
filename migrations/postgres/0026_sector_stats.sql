-- Each question's statistics per peer group over the scored market, recomputed by the
-- ComputeSectorStats job (`jobs::peers`; rule in jobs/docs/scoring.md, "Next to its peers").
-- A group is a SIC major group ('53') or division ('G'); `metric` names what is compared
-- (`net_margin`). One run replaces every row, all stamped with its time. p25/median/p75 may be
-- infinite for cash against debt (companies with no debt at all).
CREATE TABLE sector_stats (
    group_code VARCHAR(2) NOT NULL,
    question INTEGER NOT NULL CHECK (question BETWEEN 1 AND 12),
    metric VARCHAR(40) NOT NULL,
    peer_count INTEGER NOT NULL CHECK (peer_count > 0),
    p25 DOUBLE PRECISION NOT NULL,
    median DOUBLE PRECISION NOT NULL,
    p75 DOUBLE PRECISION NOT NULL,
    computed_at TIMESTAMPTZ NOT NULL,
    PRIMARY KEY (group_code, question, metric)
);
CREATE INDEX sector_stats_computed_at ON sector_stats (computed_at);
