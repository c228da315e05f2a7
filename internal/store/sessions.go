package store

import (
	"context"
	"slices"

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

// AddLoginAttempt notes a sign-in attempt as a failure of each subject (an account, an address) before its
// password is checked, and returns the notes' ids and each subject's failures since since, this attempt
// included. The count runs after the note is committed, so concurrent attempts, on every instance on the
// database, see one another: of attempts noted one after another, the k-th counts at least k.
func (db *DB) AddLoginAttempt(ctx context.Context, at, since int64, subjects ...string) ([]int64, []int, error) {
	ins := db.Q.Insert("login_failures").Columns("subject", "at").Suffix("RETURNING id")
	for _, s := range subjects {
		ins = ins.Values(s, at)
	}
	var ids []int64
	err := scanAll(ctx, db.SQL, ins, func(r rowScanner) (int64, error) {
		var id int64
		return id, r.Scan(&id)
	}, func(id int64) error {
		ids = append(ids, id)
		return nil
	})
	if err != nil {
		return nil, nil, wrap(err, "record login attempt")
	}
	counts := make([]int, len(subjects))
	err = scanAll(ctx, db.SQL, db.Q.Select("subject", "count(*)").From("login_failures").
		Where(sq.Eq{"subject": subjects}).Where(sq.GtOrEq{"at": since}).GroupBy("subject"),
		func(r rowScanner) (subjectCount, error) {
			var x subjectCount
			return x, r.Scan(&x.subject, &x.n)
		},
		func(x subjectCount) error {
			if i := slices.Index(subjects, x.subject); i >= 0 {
				counts[i] = x.n
			}
			return nil
		})
	if err != nil {
		undo, cancel := Bounded(context.WithoutCancel(ctx))
		defer cancel()
		_ = db.DeleteLoginFailures(undo, ids)
		return nil, nil, wrap(err, "count login failures")
	}
	return ids, counts, nil
}

type subjectCount struct {
	subject string
	n       int
}

// DeleteLoginFailures takes back the notes of an attempt that ended without a wrong password.
func (db *DB) DeleteLoginFailures(ctx context.Context, ids []int64) error {
	if len(ids) == 0 {
		return nil
	}
	_, err := exec(ctx, db.SQL, db.Q.Delete("login_failures").Where(sq.Eq{"id": ids}))
	return wrap(err, "take back login attempt")
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
