-- +goose Up
-- Sign-in calls per client address and minute, shared by every instance on the database (the sign-in rate
-- limit). Rows older than two minutes are pruned by the maintenance loop.
CREATE TABLE rate_counts (
    rate_key     TEXT   NOT NULL,
    window_start BIGINT NOT NULL,
    n            INTEGER NOT NULL,
    PRIMARY KEY (rate_key, window_start)
);
CREATE INDEX rate_counts_window ON rate_counts (window_start);

-- +goose Down
DROP TABLE rate_counts;
