package store

import (
	"context"
	"time"

	sq "github.com/Masterminds/squirrel"
)

// TakeLease takes or renews the lease called name for holder until now+ttl, and reports whether holder has
// it: it does when nobody held it, when holder already did, or when the other holder's lease expired. One
// statement decides, so two instances asking at the same moment cannot both get it.
func (db *DB) TakeLease(ctx context.Context, name, holder string, ttl time.Duration) (bool, error) {
	now := time.Now()
	res, err := exec(ctx, db.SQL, db.Q.Insert("leases").Columns("name", "holder", "expires_at").
		Values(name, holder, now.Add(ttl).UnixMilli()).
		Suffix("ON CONFLICT (name) DO UPDATE SET holder = excluded.holder, expires_at = excluded.expires_at "+
			"WHERE leases.holder = excluded.holder OR leases.expires_at < ?", now.UnixMilli()))
	if err != nil {
		return false, wrap(err, "take lease")
	}
	n, err := res.RowsAffected()
	return n == 1, wrap(err, "take lease")
}

// DropLease gives a lease up (an instance that stops), so that another instance takes it at once.
func (db *DB) DropLease(ctx context.Context, name, holder string) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("leases").Where(sq.Eq{"name": name, "holder": holder}))
	return wrap(err, "drop lease")
}
