-- +goose Up
-- Alarms: at most one open alarm per device and kind (a repeated condition updates it, never duplicates it).
CREATE TABLE alarm_logs (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id    INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    company_id   INTEGER NOT NULL,
    kind         TEXT    NOT NULL,
    level        TEXT    NOT NULL DEFAULT '',
    value        REAL NOT NULL DEFAULT 0,
    peak         REAL NOT NULL DEFAULT 0,
    started_at   INTEGER NOT NULL,
    ended_at     INTEGER,
    status       TEXT    NOT NULL DEFAULT 'active',
    ack_at       INTEGER,
    ack_by       INTEGER,
    ack_account  TEXT    NOT NULL DEFAULT '',
    handled_at   INTEGER,
    handled_by   INTEGER,
    handled_account TEXT NOT NULL DEFAULT '',
    handle_note  TEXT    NOT NULL DEFAULT ''
);
CREATE UNIQUE INDEX alarm_logs_one_open ON alarm_logs (device_id, kind) WHERE status = 'active';
CREATE INDEX alarm_logs_company ON alarm_logs (company_id, started_at, id);
CREATE INDEX alarm_logs_started ON alarm_logs (started_at, id);
CREATE INDEX alarm_logs_device ON alarm_logs (device_id, started_at);

-- +goose Down
DROP TABLE alarm_logs;
