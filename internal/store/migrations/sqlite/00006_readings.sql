-- +goose Up
-- Readings, one per device and device timestamp (a redelivered message is stored once). Clustered by
-- device and time, the order of the device pages and charts.
CREATE TABLE readings (
    device_id   INTEGER NOT NULL,
    company_id  INTEGER NOT NULL,
    ts          INTEGER NOT NULL,
    received_at INTEGER NOT NULL,
    ch4         REAL    NOT NULL,
    voltage     INTEGER,
    signal      INTEGER,
    temperature REAL,
    status      TEXT    NOT NULL DEFAULT '',
    PRIMARY KEY (device_id, ts)
) WITHOUT ROWID;
CREATE INDEX readings_company ON readings (company_id, ts);

-- +goose Down
DROP TABLE readings;
