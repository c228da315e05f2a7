package store

import (
	"context"

	sq "github.com/Masterminds/squirrel"
)

// Session is a signed-in token's record joined with what every call needs to know of its user.
type Session struct {
	ID            int64
	UserID        int64
	Account       string
	Name          string
	CompanyID     *int64
	UserStatus    int
	CompanyStatus *int
	// CompanyAdmin is true for the administrator created with its company.
	CompanyAdmin bool
	LastSeenAt   int64
	ExpiresAt    int64
}

// CreateSession stores a token's hash for a user.
func (db *DB) CreateSession(ctx context.Context, tokenHash string, userID int64, expiresAt int64, ip, userAgent string) error {
	now := NowMs()
	_, err := exec(ctx, db.SQL, db.Q.Insert("sessions").
		Columns("token_hash", "user_id", "created_at", "last_seen_at", "expires_at", "ip", "user_agent").
		Values(tokenHash, userID, now, now, expiresAt, ip, truncate(userAgent, 512)))
	return wrap(err, "create session")
}

// SessionByToken reads the session of a token hash with its user and company states.
func (db *DB) SessionByToken(ctx context.Context, tokenHash string) (Session, error) {
	var s Session
	row, err := queryRow(ctx, db.SQL, db.Q.Select(
		"s.id", "s.user_id", "u.account", "u.name", "u.company_id", "u.status", "c.status",
		"CASE WHEN c.admin_user_id = u.id THEN 1 ELSE 0 END", "s.last_seen_at", "s.expires_at").
		From("sessions s").Join("users u ON u.id = s.user_id").LeftJoin("companies c ON c.id = u.company_id").
		Where(sq.Eq{"s.token_hash": tokenHash}))
	var companyAdmin int
	if err == nil {
		err = row.Scan(&s.ID, &s.UserID, &s.Account, &s.Name, &s.CompanyID, &s.UserStatus, &s.CompanyStatus,
			&companyAdmin, &s.LastSeenAt, &s.ExpiresAt)
	}
	s.CompanyAdmin = companyAdmin == 1
	return s, wrap(err, "read session")
}

// TouchSession slides a session's expiry forward.
func (db *DB) TouchSession(ctx context.Context, id, now, expiresAt int64) error {
	_, err := exec(ctx, db.SQL, db.Q.Update("sessions").Set("last_seen_at", now).Set("expires_at", expiresAt).Where(sq.Eq{"id": id}))
	return wrap(err, "touch session")
}

// DeleteSession revokes one token.
func (db *DB) DeleteSession(ctx context.Context, tokenHash string) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("sessions").Where(sq.Eq{"token_hash": tokenHash}))
	return wrap(err, "delete session")
}

// DeleteUserSessions revokes every token of a user.
func (db *DB) DeleteUserSessions(ctx context.Context, q Querier, userID int64) error {
	_, err := exec(ctx, q, db.Q.Delete("sessions").Where(sq.Eq{"user_id": userID}))
	return wrap(err, "revoke user sessions")
}

// DeleteCompanySessions revokes every token of every user of a company.
func (db *DB) DeleteCompanySessions(ctx context.Context, q Querier, companyID int64) error {
	_, err := exec(ctx, q, db.Q.Delete("sessions").
		Where("user_id IN (SELECT id FROM users WHERE company_id = ?)", companyID))
	return wrap(err, "revoke company sessions")
}

// PurgeExpired removes expired sessions, login keys, captchas and old sign-in failures.
func (db *DB) PurgeExpired(ctx context.Context, now, failuresBefore int64) error {
	for _, t := range []string{"sessions", "login_keys", "captchas"} {
		if _, err := exec(ctx, db.SQL, db.Q.Delete(t).Where(sq.Lt{"expires_at": now})); err != nil {
			return wrap(err, "purge "+t)
		}
	}
	_, err := exec(ctx, db.SQL, db.Q.Delete("login_failures").Where(sq.Lt{"at": failuresBefore}))
	return wrap(err, "purge login failures")
}

// PutSecret stores a single-use value (a login key or a captcha answer) in table until expiresAt.
func (db *DB) PutSecret(ctx context.Context, tbl secretTable, id, value string, expiresAt int64) error {
	_, err := exec(ctx, db.SQL, db.Q.Insert(tbl.name).Columns("id", tbl.column, "expires_at").Values(id, value, expiresAt))
	return wrap(err, "store "+tbl.name)
}

// TakeSecret removes and returns a single-use value; a missing, used or expired one is ErrNotFound.
// Deleting first makes it single use even when two sign-ins race for it.
func (db *DB) TakeSecret(ctx context.Context, tbl secretTable, id string) (string, error) {
	var value string
	var expires int64
	row, err := queryRow(ctx, db.SQL, db.Q.Delete(tbl.name).Where(sq.Eq{"id": id}).Suffix("RETURNING "+tbl.column+", expires_at"))
	if err == nil {
		err = row.Scan(&value, &expires)
	}
	if err != nil {
		return "", wrap(err, "take "+tbl.name)
	}
	if expires < NowMs() {
		return "", ErrNotFound
	}
	return value, nil
}

// secretTable names a table of single-use values.
type secretTable struct{ name, column string }

// The tables of single-use values.
var (
	LoginKeys = secretTable{"login_keys", "key"}
	Captchas  = secretTable{"captchas", "answer"}
)

// AddLoginFailure notes a failed sign-in for each subject (an account, an address).
func (db *DB) AddLoginFailure(ctx context.Context, at int64, subjects ...string) error {
	ins := db.Q.Insert("login_failures").Columns("subject", "at")
	for _, s := range subjects {
		ins = ins.Values(s, at)
	}
	_, err := exec(ctx, db.SQL, ins)
	return wrap(err, "record login failure")
}

// CountLoginFailures counts a subject's failures since a time.
func (db *DB) CountLoginFailures(ctx context.Context, subject string, since int64) (int, error) {
	var n int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("count(*)").From("login_failures").
		Where(sq.Eq{"subject": subject}).Where(sq.GtOrEq{"at": since}))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count login failures")
}

// ClearLoginFailures forgets a subject's failures after a successful sign-in.
func (db *DB) ClearLoginFailures(ctx context.Context, subject string) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("login_failures").Where(sq.Eq{"subject": subject}))
	return wrap(err, "clear login failures")
}

func truncate(s string, n int) string {
	if len(s) <= n {
		return s
	}
	// Cut on a rune boundary.
	for n > 0 && (s[n]&0xC0) == 0x80 {
		n--
	}
	return s[:n]
}
