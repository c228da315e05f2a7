package store

import (
	"context"
	"database/sql"
	"time"

	sq "github.com/Masterminds/squirrel"
)

// Revocation names the device, or every device of the company, whose open sessions must close.
type Revocation struct {
	ID        int64
	DeviceID  *int64
	CompanyID *int64
	CreatedAt int64
}

// RevocationKeep is how long revocations are kept; RevocationLag is how long after its created_at a
// revocation may still become visible (its transaction commits within the query time limit).
const (
	RevocationKeep = 24 * time.Hour
	RevocationLag  = 10 * time.Second
)

// revokeDevice records, inside the transaction that ends a device's right to stay connected, that its
// sessions must close.
func (db *DB) revokeDevice(ctx context.Context, q Querier, deviceID int64) error {
	_, err := exec(ctx, q, db.Q.Insert("device_revocations").Columns("device_id", "created_at").Values(deviceID, NowMs()))
	return wrap(err, "revoke device sessions")
}

// revokeCompany is revokeDevice for every device of a company.
func (db *DB) revokeCompany(ctx context.Context, q Querier, companyID int64) error {
	_, err := exec(ctx, q, db.Q.Insert("device_revocations").Columns("company_id", "created_at").Values(companyID, NowMs()))
	return wrap(err, "revoke company sessions")
}

// revoked tells this process's watchers that a revocation committed (other instances find it by polling).
func (db *DB) revoked() {
	select {
	case db.revocations <- struct{}{}:
	default:
	}
}

// Revoked is signalled after this process commits a revocation, so that its broker acts at once.
func (db *DB) Revoked() <-chan struct{} { return db.revocations }

// RevocationsSince lists the revocations created at or after since (milliseconds), oldest first. Ids are
// taken at insert and become visible at commit, so a watcher reads by time with a margin (RevocationLag)
// and skips the ids it has handled, rather than reading past the last id.
func (db *DB) RevocationsSince(ctx context.Context, since int64) ([]Revocation, error) {
	out := []Revocation{}
	sel := db.Q.Select("id", "device_id", "company_id", "created_at").From("device_revocations").
		Where(sq.GtOrEq{"created_at": since}).OrderBy("id")
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (Revocation, error) {
		var v Revocation
		err := r.Scan(&v.ID, &v.DeviceID, &v.CompanyID, &v.CreatedAt)
		return v, err
	}, func(v Revocation) error {
		out = append(out, v)
		return nil
	})
	return out, wrap(err, "read revocations")
}

// PurgeRevocations removes revocations older than before.
func (db *DB) PurgeRevocations(ctx context.Context, before time.Time) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("device_revocations").Where(sq.Lt{"created_at": before.UnixMilli()}))
	return wrap(err, "purge revocations")
}

// inTxRevoking runs fn in a transaction and signals the watchers once it committed.
func (db *DB) inTxRevoking(ctx context.Context, fn func(tx *sql.Tx) error) error {
	err := db.InTx(ctx, fn)
	if err == nil {
		db.revoked()
	}
	return err
}
