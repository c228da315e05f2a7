-- +goose Up
-- Notification users: who gets an SMS for which alarms of which devices (docs/notifications.md).
CREATE TABLE sms_users (
    id               INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id       INTEGER NOT NULL REFERENCES companies(id) ON DELETE CASCADE,
    name             TEXT    NOT NULL,
    phone            TEXT    NOT NULL,
    alarm_kinds      TEXT    NOT NULL DEFAULT 'gas,lowBattery,fault,offline', -- comma-separated
    gas_min_level    TEXT    NOT NULL DEFAULT 'low', -- low: every gas alarm; high: high ones only
    scope            TEXT    NOT NULL DEFAULT 'all', -- all, devices, regions
    region_codes     TEXT    NOT NULL DEFAULT '',    -- comma-separated six-digit codes (scope regions)
    quiet_start      TEXT    NOT NULL DEFAULT '',    -- HH:MM local time, '' for none
    quiet_end        TEXT    NOT NULL DEFAULT '',
    notify_on_end    INTEGER NOT NULL DEFAULT 0,
    escalation_level INTEGER NOT NULL DEFAULT 0,     -- 0 regular, 1..3 escalation contact
    language         TEXT    NOT NULL DEFAULT 'zh-CN',
    status           INTEGER NOT NULL DEFAULT 1,
    remark           TEXT    NOT NULL DEFAULT '',
    created_at       INTEGER NOT NULL,
    updated_at       INTEGER NOT NULL
);
CREATE UNIQUE INDEX sms_users_phone ON sms_users (company_id, phone);
CREATE INDEX sms_users_created ON sms_users (created_at, id);

-- The devices of a notification user whose scope is devices.
CREATE TABLE sms_user_devices (
    sms_user_id INTEGER NOT NULL REFERENCES sms_users(id) ON DELETE CASCADE,
    device_id   INTEGER NOT NULL REFERENCES devices(id) ON DELETE CASCADE,
    PRIMARY KEY (sms_user_id, device_id)
);
CREATE INDEX sms_user_devices_device ON sms_user_devices (device_id);

-- The outbox and the send log in one: a row per message, written in the transaction that decided it,
-- claimed by one sender at a time (status pending -> sending -> sent | failed; capped and throttled rows
-- are never sent).
CREATE TABLE sms_send_log (
    id              INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id      INTEGER NOT NULL,
    sms_user_id     INTEGER,
    user_name       TEXT    NOT NULL DEFAULT '',
    phone           TEXT    NOT NULL,
    device_id       INTEGER NOT NULL,
    device_name     TEXT    NOT NULL DEFAULT '',
    alarm_id        INTEGER NOT NULL,
    alarm_kind      TEXT    NOT NULL,
    level           TEXT    NOT NULL DEFAULT '',
    event_type      TEXT    NOT NULL, -- started, raised, ended, reminder
    reminder        INTEGER NOT NULL DEFAULT 0,
    language        TEXT    NOT NULL DEFAULT 'zh-CN',
    content         TEXT    NOT NULL,
    params          TEXT    NOT NULL DEFAULT '{}',
    provider        TEXT    NOT NULL DEFAULT '',
    status          TEXT    NOT NULL,
    provider_msg_id TEXT    NOT NULL DEFAULT '',
    error           TEXT    NOT NULL DEFAULT '',
    attempts        INTEGER NOT NULL DEFAULT 0,
    next_attempt_at INTEGER NOT NULL DEFAULT 0,
    locked_until    INTEGER,
    created_at      INTEGER NOT NULL,
    updated_at      INTEGER NOT NULL,
    sent_at         INTEGER
);
CREATE INDEX sms_send_log_due ON sms_send_log (next_attempt_at, id) WHERE status IN ('pending', 'sending');
CREATE INDEX sms_send_log_company ON sms_send_log (company_id, created_at, id);
CREATE INDEX sms_send_log_created ON sms_send_log (created_at, id);
CREATE INDEX sms_send_log_throttle ON sms_send_log (device_id, alarm_kind, phone, created_at);
CREATE INDEX sms_send_log_alarm ON sms_send_log (alarm_id);

-- Open alarms waiting for their next reminder, until acknowledged or ended.
CREATE TABLE sms_reminders (
    alarm_id   INTEGER PRIMARY KEY,
    company_id INTEGER NOT NULL,
    device_id  INTEGER NOT NULL,
    sent       INTEGER NOT NULL DEFAULT 0,
    next_at    INTEGER NOT NULL,
    created_at INTEGER NOT NULL
);
CREATE INDEX sms_reminders_due ON sms_reminders (next_at);

-- +goose Down
DROP TABLE sms_reminders;
DROP TABLE sms_send_log;
DROP TABLE sms_user_devices;
DROP TABLE sms_users;
