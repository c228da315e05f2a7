-- +goose Up
-- Periodic jobs that must run on one instance at a time (the offline sweep, maintenance, the broker
-- accounts) run on the holder of their lease; a holder that stops renewing loses it when it expires.
CREATE TABLE leases (
    name       TEXT   PRIMARY KEY,
    holder     TEXT   NOT NULL,
    expires_at BIGINT NOT NULL
);

-- Devices whose account at the external broker must be brought in line with the device (created, given a
-- new secret or IMEI, enabled, disabled, deleted), written in the same transaction as the change. The new
-- secret is kept here, and only here, until the broker has it: the devices table keeps only its hash.
-- seq grows with each change, so that applying an older state never removes a newer one.
CREATE TABLE broker_sync (
    device_id  BIGINT  PRIMARY KEY,
    secret     TEXT,
    seq        INTEGER NOT NULL,
    created_at BIGINT  NOT NULL
);

-- What the external broker has been told, per device: its user name there and whether it may connect.
CREATE TABLE broker_accounts (
    device_id  BIGINT  PRIMARY KEY,
    username   TEXT    NOT NULL,
    enabled    INTEGER NOT NULL,
    updated_at BIGINT  NOT NULL
);

-- +goose Down
DROP TABLE broker_accounts;
DROP TABLE broker_sync;
DROP TABLE leases;
