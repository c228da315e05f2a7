-- +goose Up
-- Calibrations a device reports: zero or span, the gas applied, the reading before and after, the result.
CREATE TABLE calibration_logs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id   INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    company_id  INTEGER NOT NULL,
    ts          INTEGER NOT NULL,
    kind        TEXT    NOT NULL,
    gas         REAL,
    before      REAL,
    after       REAL,
    result      TEXT    NOT NULL,
    received_at INTEGER NOT NULL,
    UNIQUE (device_id, ts, kind)
);
CREATE INDEX calibration_logs_company ON calibration_logs (company_id, ts);

-- +goose Down
DROP TABLE calibration_logs;
