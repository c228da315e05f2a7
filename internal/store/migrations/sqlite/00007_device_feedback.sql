-- +goose Up
-- Every answer a device gives to a command (the device info feedback log).
CREATE TABLE device_feedback_logs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    device_id   INTEGER NOT NULL,
    company_id  INTEGER NOT NULL,
    command_id  INTEGER,
    command     TEXT    NOT NULL DEFAULT '',
    ok          INTEGER NOT NULL,
    code        INTEGER NOT NULL DEFAULT 0,
    msg         TEXT    NOT NULL DEFAULT '',
    params      TEXT    NOT NULL DEFAULT '{}',
    received_at INTEGER NOT NULL
);
CREATE INDEX device_feedback_logs_device ON device_feedback_logs (device_id, received_at);
CREATE INDEX device_feedback_logs_company ON device_feedback_logs (company_id, received_at);
CREATE INDEX device_commands_open ON device_commands (status, expires_at);

-- +goose Down
DROP INDEX device_commands_open;
DROP TABLE device_feedback_logs;
