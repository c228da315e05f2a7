package store

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/model"
)

// CreateCompany stores a company with just its name; the companies issue adds the rest of its fields.
func (db *DB) CreateCompany(ctx context.Context, name string) (int64, error) {
	now := NowMs()
	var id int64
	row, err := queryRow(ctx, db.SQL, db.Q.Insert("companies").Columns("name", "status", "created_at", "updated_at").
		Values(name, model.StatusEnabled, now, now).Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&id)
	}
	return id, wrap(err, "create company")
}

// SetCompanyStatus enables or disables a company; disabling revokes every session of its users.
func (db *DB) SetCompanyStatus(ctx context.Context, id int64, status int) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := exec(ctx, tx, db.Q.Update("companies").Set("status", status).Set("updated_at", NowMs()).Where(sq.Eq{"id": id}))
		if err != nil {
			return wrap(err, "set company status")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		if status != model.StatusEnabled {
			return db.DeleteCompanySessions(ctx, tx, id)
		}
		return nil
	})
}

// CompanyExists reports whether a company id exists.
func (db *DB) CompanyExists(ctx context.Context, id int64) (bool, error) {
	var n int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("count(*)").From("companies").Where(sq.Eq{"id": id}))
	if err == nil {
		err = row.Scan(&n)
	}
	return n > 0, wrap(err, "read company")
}

// CompanyEnabled reports whether a company exists and is enabled.
func (db *DB) CompanyEnabled(ctx context.Context, id int64) (bool, error) {
	var status int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("status").From("companies").Where(sq.Eq{"id": id}))
	if err == nil {
		err = row.Scan(&status)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return false, nil
	}
	return status == model.StatusEnabled, wrap(err, "read company")
}
