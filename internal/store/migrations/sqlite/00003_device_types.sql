-- +goose Up
-- Device types: one catalogue for the whole platform (models are unique), with the defaults a new device
-- of the type starts from.
CREATE TABLE device_types (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    name               TEXT    NOT NULL,
    model              TEXT    NOT NULL UNIQUE,
    manufacturer       TEXT    NOT NULL DEFAULT '',
    gas                TEXT    NOT NULL DEFAULT 'CH4',
    unit               TEXT    NOT NULL,
    range_min          REAL NOT NULL,
    range_max          REAL NOT NULL,
    low_threshold      REAL NOT NULL,
    high_threshold     REAL NOT NULL,
    report_interval    INTEGER NOT NULL,
    heartbeat_interval INTEGER NOT NULL,
    communication      TEXT    NOT NULL,
    description        TEXT    NOT NULL DEFAULT '',
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);
CREATE INDEX device_types_created ON device_types (created_at, id);

-- +goose Down
DROP TABLE device_types;
