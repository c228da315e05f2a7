package store

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/model"
)

// NewUser is what creating a user stores.
type NewUser struct {
	Account      string
	Name         string
	Phone        string
	Email        string
	CompanyID    *int64
	PasswordHash string
	ExtraCodes   []string
	RoleIDs      []int64
}

const userColumns = "u.id, u.account, u.name, u.phone, u.email, u.company_id, u.status, u.last_login_at, " +
	"u.last_login_ip, u.created_at, u.updated_at, u.password_hash"

func scanUser(r rowScanner) (model.User, error) {
	var u model.User
	err := r.Scan(&u.ID, &u.Account, &u.Name, &u.Phone, &u.Email, &u.CompanyID, &u.Status, &u.LastLoginAt,
		&u.LastLoginIP, &u.CreatedAt, &u.UpdatedAt, &u.PasswordHash)
	u.Roles = []model.RoleRef{}
	return u, err
}

// CreateUser stores a user with its roles and extra codes and returns its id.
func (db *DB) CreateUser(ctx context.Context, q Querier, u NewUser) (int64, error) {
	now := NowMs()
	var id int64
	row, err := queryRow(ctx, q, db.Q.Insert("users").
		Columns("account", "name", "phone", "email", "company_id", "password_hash", "status", "created_at", "updated_at").
		Values(u.Account, u.Name, u.Phone, u.Email, u.CompanyID, u.PasswordHash, model.StatusEnabled, now, now).
		Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&id)
	}
	if err != nil {
		return 0, wrap(err, "create user")
	}
	for _, c := range u.ExtraCodes {
		if _, err := exec(ctx, q, db.Q.Insert("user_permissions").Columns("user_id", "code").Values(id, c)); err != nil {
			return 0, wrap(err, "store user permission")
		}
	}
	for _, r := range u.RoleIDs {
		if _, err := exec(ctx, q, db.Q.Insert("user_roles").Columns("user_id", "role_id").Values(id, r)); err != nil {
			return 0, wrap(err, "store user role")
		}
	}
	return id, nil
}

// UserByAccount reads a user by account, with its password hash.
func (db *DB) UserByAccount(ctx context.Context, account string) (model.User, error) {
	row, err := queryRow(ctx, db.SQL, db.Q.Select(userColumns).From("users u").Where(sq.Eq{"u.account": account}))
	if err != nil {
		return model.User{}, wrap(err, "read user")
	}
	u, err := scanUser(row)
	return u, wrap(err, "read user")
}

// UserByID reads a user within scope, with its roles.
func (db *DB) UserByID(ctx context.Context, scope Scope, id int64) (model.User, error) {
	u, err := get(ctx, db.SQL, db, table{from: "users u", columns: []string{userColumns}, companyColumn: "u.company_id", idColumn: "u.id"}, scope, id, scanUser)
	if err != nil {
		return u, err
	}
	u.Roles, err = db.UserRoles(ctx, id)
	return u, err
}

// CountUsers counts every user; the first start creates admin when it is zero.
func (db *DB) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	err := db.SQL.QueryRowContext(ctx, "SELECT count(*) FROM users").Scan(&n)
	return n, wrap(err, "count users")
}

// UserRoles lists the roles a user holds.
func (db *DB) UserRoles(ctx context.Context, userID int64) ([]model.RoleRef, error) {
	rows, err := db.SQL.QueryContext(ctx, db.Rebind(
		"SELECT r.id, r.name FROM user_roles ur JOIN roles r ON r.id = ur.role_id WHERE ur.user_id = ? ORDER BY r.id"), userID)
	if err != nil {
		return nil, wrap(err, "read user roles")
	}
	defer rows.Close()
	out := []model.RoleRef{}
	for rows.Next() {
		var r model.RoleRef
		if err := rows.Scan(&r.ID, &r.Name); err != nil {
			return nil, wrap(err, "read user roles")
		}
		out = append(out, r)
	}
	return out, wrap(rows.Err(), "read user roles")
}

// UserCodes returns the user's effective codes: those of its roles and its extra codes.
func (db *DB) UserCodes(ctx context.Context, userID int64) ([]string, error) {
	rows, err := db.SQL.QueryContext(ctx, db.Rebind(
		"SELECT rp.code FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = ? "+
			"UNION SELECT code FROM user_permissions WHERE user_id = ?"), userID, userID)
	if err != nil {
		return nil, wrap(err, "read user permissions")
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, wrap(err, "read user permissions")
		}
		out = append(out, c)
	}
	return out, wrap(rows.Err(), "read user permissions")
}

// SetPassword replaces a user's password hash and revokes all of its sessions, in one transaction.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		res, err := exec(ctx, tx, db.Q.Update("users").Set("password_hash", hash).Set("updated_at", NowMs()).Where(sq.Eq{"id": userID}))
		if err != nil {
			return wrap(err, "set password")
		}
		if n, _ := res.RowsAffected(); n == 0 {
			return ErrNotFound
		}
		_, err = exec(ctx, tx, db.Q.Delete("sessions").Where(sq.Eq{"user_id": userID}))
		return wrap(err, "revoke sessions")
	})
}

// RecordLogin notes a successful sign-in's time and address on the user.
func (db *DB) RecordLogin(ctx context.Context, userID int64, ip string) error {
	_, err := exec(ctx, db.SQL, db.Q.Update("users").Set("last_login_at", NowMs()).Set("last_login_ip", ip).Where(sq.Eq{"id": userID}))
	return wrap(err, "record login")
}

// Rebind turns ? placeholders into the dialect's, for hand-written SQL.
func (db *DB) Rebind(query string) string {
	if db.Dialect != Postgres {
		return query
	}
	out, _ := sq.Dollar.ReplacePlaceholders(query)
	return out
}
