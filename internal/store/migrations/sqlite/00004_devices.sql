-- +goose Up
-- A detector. Parameters are kept twice: the value wanted (set in the console, queued as a command) and
-- the value the device last confirmed. The live state is written by the device gateway.
CREATE TABLE devices (
    id                 INTEGER PRIMARY KEY AUTOINCREMENT,
    imei               TEXT    NOT NULL UNIQUE,
    name               TEXT    NOT NULL,
    type_id            INTEGER NOT NULL REFERENCES device_types(id),
    company_id         INTEGER NOT NULL REFERENCES companies(id),
    address            TEXT    NOT NULL DEFAULT '',
    province_code      TEXT    NOT NULL DEFAULT '',
    city_code          TEXT    NOT NULL DEFAULT '',
    county_code        TEXT    NOT NULL DEFAULT '',
    latitude           REAL,
    longitude          REAL,
    iccid              TEXT    NOT NULL DEFAULT '',
    installed_at       INTEGER,
    remark             TEXT    NOT NULL DEFAULT '',
    status             INTEGER NOT NULL DEFAULT 1,
    secret_hash        TEXT    NOT NULL,
    -- live state
    online             INTEGER NOT NULL DEFAULT 0,
    last_seen_at       INTEGER,
    ch4                REAL,
    voltage            INTEGER,
    signal             INTEGER,
    temperature        REAL,
    alarm_state        TEXT    NOT NULL DEFAULT 'normal',
    firmware           TEXT    NOT NULL DEFAULT '',
    -- parameters: wanted and confirmed
    alert_low_wanted         REAL NOT NULL,
    alert_high_wanted        REAL NOT NULL,
    alert_low                REAL NOT NULL,
    alert_high               REAL NOT NULL,
    report_interval_wanted   INTEGER NOT NULL,
    heartbeat_interval_wanted INTEGER NOT NULL,
    report_interval          INTEGER NOT NULL,
    heartbeat_interval       INTEGER NOT NULL,
    custom_params_wanted     TEXT    NOT NULL DEFAULT '{}',
    custom_params            TEXT    NOT NULL DEFAULT '{}',
    data_flag_wanted         INTEGER NOT NULL DEFAULT 0,
    data_flag                INTEGER NOT NULL DEFAULT 0,
    created_at         INTEGER NOT NULL,
    updated_at         INTEGER NOT NULL
);
CREATE INDEX devices_company ON devices (company_id, created_at, id);
CREATE INDEX devices_created ON devices (created_at, id);
CREATE INDEX devices_type ON devices (type_id);

-- Commands and parameter changes, queued per device and delivered in order by the gateway.
CREATE TABLE device_commands (
    id                INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id         INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    company_id        INTEGER NOT NULL,
    command           TEXT    NOT NULL,
    params            TEXT    NOT NULL DEFAULT '{}',
    status            TEXT    NOT NULL DEFAULT 'pending',
    requested_by      INTEGER,
    requested_account TEXT    NOT NULL DEFAULT '',
    attempts          INTEGER NOT NULL DEFAULT 0,
    result_code       INTEGER,
    result_msg        TEXT    NOT NULL DEFAULT '',
    created_at        INTEGER NOT NULL,
    sent_at           INTEGER,
    acked_at          INTEGER,
    finished_at       INTEGER,
    expires_at        INTEGER NOT NULL
);
CREATE INDEX device_commands_device ON device_commands (device_id, status, id);

-- +goose Down
DROP TABLE device_commands;
DROP TABLE devices;
