-- +goose Up
-- Companies are filled out by the companies issue; the foundation needs them for scoping and sign-in.
CREATE TABLE companies (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    name        TEXT    NOT NULL UNIQUE,
    status      INTEGER NOT NULL DEFAULT 1,
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);

CREATE TABLE users (
    id            INTEGER PRIMARY KEY AUTOINCREMENT,
    account       TEXT    NOT NULL UNIQUE,
    name          TEXT    NOT NULL DEFAULT '',
    phone         TEXT    NOT NULL DEFAULT '',
    email         TEXT    NOT NULL DEFAULT '',
    company_id    INTEGER REFERENCES companies(id),
    password_hash TEXT    NOT NULL,
    status        INTEGER NOT NULL DEFAULT 1,
    last_login_at INTEGER,
    last_login_ip TEXT    NOT NULL DEFAULT '',
    created_at    INTEGER NOT NULL,
    updated_at    INTEGER NOT NULL
);
CREATE INDEX users_company ON users (company_id);

CREATE TABLE roles (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    company_id  INTEGER REFERENCES companies(id),
    name        TEXT    NOT NULL,
    remark      TEXT    NOT NULL DEFAULT '',
    created_at  INTEGER NOT NULL,
    updated_at  INTEGER NOT NULL
);
-- A role name is unique within its company; platform roles (no company) form one namespace.
CREATE UNIQUE INDEX roles_company_name ON roles (COALESCE(company_id, 0), name);

CREATE TABLE role_permissions (
    role_id INTEGER NOT NULL REFERENCES roles(id) ON DELETE CASCADE,
    code    TEXT    NOT NULL,
    PRIMARY KEY (role_id, code)
);

CREATE TABLE user_roles (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    role_id INTEGER NOT NULL REFERENCES roles(id),
    PRIMARY KEY (user_id, role_id)
);
CREATE INDEX user_roles_role ON user_roles (role_id);

CREATE TABLE user_permissions (
    user_id INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    code    TEXT    NOT NULL,
    PRIMARY KEY (user_id, code)
);

CREATE TABLE sessions (
    id           INTEGER PRIMARY KEY AUTOINCREMENT,
    token_hash   TEXT    NOT NULL UNIQUE,
    user_id      INTEGER NOT NULL REFERENCES users(id) ON DELETE CASCADE,
    created_at   INTEGER NOT NULL,
    last_seen_at INTEGER NOT NULL,
    expires_at   INTEGER NOT NULL,
    ip           TEXT    NOT NULL DEFAULT '',
    user_agent   TEXT    NOT NULL DEFAULT ''
);
CREATE INDEX sessions_user ON sessions (user_id);
CREATE INDEX sessions_expires ON sessions (expires_at);

CREATE TABLE login_keys (
    id         TEXT    PRIMARY KEY,
    key        TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX login_keys_expires ON login_keys (expires_at);

CREATE TABLE captchas (
    id         TEXT    PRIMARY KEY,
    answer     TEXT    NOT NULL,
    expires_at INTEGER NOT NULL
);
CREATE INDEX captchas_expires ON captchas (expires_at);

CREATE TABLE login_failures (
    id      INTEGER PRIMARY KEY AUTOINCREMENT,
    subject TEXT    NOT NULL,
    at      INTEGER NOT NULL
);
CREATE INDEX login_failures_subject ON login_failures (subject, at);

CREATE TABLE operation_logs (
    id          INTEGER PRIMARY KEY AUTOINCREMENT,
    created_at  INTEGER NOT NULL,
    user_id     INTEGER,
    account     TEXT    NOT NULL DEFAULT '',
    company_id  INTEGER,
    ip          TEXT    NOT NULL DEFAULT '',
    user_agent  TEXT    NOT NULL DEFAULT '',
    method      TEXT    NOT NULL,
    path        TEXT    NOT NULL,
    module      TEXT    NOT NULL DEFAULT '',
    action      TEXT    NOT NULL DEFAULT '',
    target_id   TEXT    NOT NULL DEFAULT '',
    status      INTEGER NOT NULL,
    duration_ms INTEGER NOT NULL,
    body        TEXT    NOT NULL DEFAULT ''
);
-- Newest first, whole platform or one company; the filters of the page each lead an index of their own.
CREATE INDEX operation_logs_created ON operation_logs (created_at, id);
CREATE INDEX operation_logs_company ON operation_logs (company_id, created_at, id);
CREATE INDEX operation_logs_account ON operation_logs (account, created_at, id);
CREATE INDEX operation_logs_module ON operation_logs (module, created_at, id);
CREATE INDEX operation_logs_status ON operation_logs (status, created_at, id);

-- Exact totals of the unfiltered operation record list, per company (0: records without a company), kept
-- by the same transaction that writes the records, so that the first page never counts a million rows.
CREATE TABLE operation_log_counts (
    company_id INTEGER PRIMARY KEY,
    n          INTEGER NOT NULL
);

-- +goose Down
DROP TABLE operation_log_counts;
DROP TABLE operation_logs;
DROP TABLE login_failures;
DROP TABLE captchas;
DROP TABLE login_keys;
DROP TABLE sessions;
DROP TABLE user_permissions;
DROP TABLE user_roles;
DROP TABLE role_permissions;
DROP TABLE roles;
DROP TABLE users;
DROP TABLE companies;
