-- +goose Up
-- What happened to alarms, written in the transaction that decided it: the live feed (/api/events, resumed by
-- id) and the notifications (claimed once through notified_at) both read it.
CREATE TABLE events (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    type        TEXT    NOT NULL, -- alarm.started, alarm.raised, alarm.ended
    company_id  INTEGER NOT NULL,
    device_id   INTEGER NOT NULL,
    alarm_id    INTEGER NOT NULL,
    alarm_kind  TEXT    NOT NULL,
    level       TEXT    NOT NULL DEFAULT '',
    value       REAL,
    ts          INTEGER NOT NULL,
    created_at  INTEGER NOT NULL,
    notified_at INTEGER
);
CREATE INDEX events_company ON events (company_id, id);
CREATE INDEX events_unnotified ON events (id) WHERE notified_at IS NULL;
CREATE INDEX events_created ON events (created_at);

-- +goose Down
DROP TABLE events;
