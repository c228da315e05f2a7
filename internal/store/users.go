package store

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
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

// UserList is the allow-list of the user list call.
var UserList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "account", Column: "u.account", Kind: listq.Contains, Doc: "part of the account"},
		{Param: "name", Column: "u.name", Kind: listq.Contains, Doc: "part of the name"},
		{Param: "phone", Column: "u.phone", Kind: listq.Contains, Doc: "part of the phone number"},
		{Param: "companyId", Column: "u.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "roleId", Kind: listq.Int, Expr: "u.id IN (SELECT user_id FROM user_roles WHERE role_id = ?)", Doc: "holds this role"},
		{Param: "status", Column: "u.status", Kind: listq.Int, Doc: "1 enabled, 0 disabled"},
		{Param: "createdAt", Column: "u.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts: map[string]string{"id": "u.id", "account": "u.account", "name": "u.name", "createdAt": "u.created_at",
		"lastLoginAt": "u.last_login_at", "status": "u.status"},
	DefaultSort: "-createdAt",
	TieBreak:    "u.id",
}

var users = table{
	from: "users u LEFT JOIN companies c ON c.id = u.company_id",
	columns: []string{"u.id", "u.account", "u.name", "u.phone", "u.email", "u.company_id", "COALESCE(c.name, '')",
		"CASE WHEN c.admin_user_id = u.id THEN 1 ELSE 0 END", "u.status", "u.last_login_at",
		"u.last_login_ip", "u.created_at", "u.updated_at", "u.password_hash"},
	companyColumn: "u.company_id",
	idColumn:      "u.id",
}

func scanUser(r rowScanner) (model.User, error) {
	var u model.User
	var companyAdmin int
	err := r.Scan(&u.ID, &u.Account, &u.Name, &u.Phone, &u.Email, &u.CompanyID, &u.CompanyName, &companyAdmin,
		&u.Status, &u.LastLoginAt, &u.LastLoginIP, &u.CreatedAt, &u.UpdatedAt, &u.PasswordHash)
	u.IsCompanyAdmin = companyAdmin == 1
	u.IsSuperAdmin = model.IsSuperAdmin(u.Account, u.CompanyID)
	u.Roles, u.Permissions = []model.RoleRef{}, []string{}
	return u, err
}

// CreateUser stores a user with its roles and extra codes and returns its id. Give it a transaction (q):
// the user and its grant are written in several statements.
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
	return id, db.setUserAccess(ctx, q, id, u.RoleIDs, u.ExtraCodes)
}

// setUserAccess replaces a user's roles and extra codes.
func (db *DB) setUserAccess(ctx context.Context, q Querier, id int64, roleIDs []int64, codes []string) error {
	for _, t := range []string{"user_roles", "user_permissions"} {
		if _, err := exec(ctx, q, db.Q.Delete(t).Where(sq.Eq{"user_id": id})); err != nil {
			return wrap(err, "clear user access")
		}
	}
	if len(codes) > 0 {
		ins := db.Q.Insert("user_permissions").Columns("user_id", "code")
		for _, c := range codes {
			ins = ins.Values(id, c)
		}
		if _, err := exec(ctx, q, ins); err != nil {
			return wrap(err, "store user permissions")
		}
	}
	if len(roleIDs) > 0 {
		ins := db.Q.Insert("user_roles").Columns("user_id", "role_id")
		for _, r := range roleIDs {
			ins = ins.Values(id, r)
		}
		if _, err := exec(ctx, q, ins); err != nil {
			return wrap(err, "store user roles")
		}
	}
	return nil
}

// SetUserAccess replaces a user's roles and extra codes in one transaction; its next call sees them.
func (db *DB) SetUserAccess(ctx context.Context, id int64, roleIDs []int64, codes []string) error {
	return db.InTx(ctx, func(tx *sql.Tx) error { return db.setUserAccess(ctx, tx, id, roleIDs, codes) })
}

// ListUsers lists users within scope, with their roles and extra codes.
func (db *DB) ListUsers(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.User], error) {
	page, err := list(ctx, db, users, scope, q, scanUser)
	if err != nil || len(page.List) == 0 {
		return page, err
	}
	return page, db.fillUsers(ctx, page.List)
}

// UserByAccount reads a user by account, with its password hash.
func (db *DB) UserByAccount(ctx context.Context, account string) (model.User, error) {
	sel := db.Q.Select(users.columns...).From(users.from).Where(sq.Eq{"u.account": account})
	row, err := queryRow(ctx, db.SQL, sel)
	if err != nil {
		return model.User{}, wrap(err, "read user")
	}
	u, err := scanUser(row)
	return u, wrap(err, "read user")
}

// AccountTaken reports whether an account name is in use (case-insensitively, so that "Admin" cannot
// pose as "admin").
func (db *DB) AccountTaken(ctx context.Context, account string) (bool, error) {
	var n int
	row, err := queryRow(ctx, db.SQL, db.Q.Select("count(*)").From("users").Where(sq.Expr("lower(account) = lower(?)", account)))
	if err == nil {
		err = row.Scan(&n)
	}
	return n > 0, wrap(err, "check account")
}

// UserByID reads a user within scope, with its roles and extra codes.
func (db *DB) UserByID(ctx context.Context, scope Scope, id int64) (model.User, error) {
	u, err := get(ctx, db.SQL, db, users, scope, id, scanUser)
	if err != nil {
		return u, err
	}
	list := []model.User{u}
	err = db.fillUsers(ctx, list)
	return list[0], err
}

type userRole struct {
	user int64
	ref  model.RoleRef
}

type userCode struct {
	user int64
	code string
}

// fillUsers adds roles and extra codes to a page of users with two queries.
func (db *DB) fillUsers(ctx context.Context, list []model.User) error {
	ids := make([]int64, len(list))
	at := make(map[int64]*model.User, len(list))
	for i := range list {
		ids[i], at[list[i].ID] = list[i].ID, &list[i]
	}
	roles := db.Q.Select("ur.user_id", "r.id", "r.name").From("user_roles ur").Join("roles r ON r.id = ur.role_id").
		Where(sq.Eq{"ur.user_id": ids}).OrderBy("r.id")
	err := scanAll(ctx, db.SQL, roles, func(r rowScanner) (userRole, error) {
		var x userRole
		return x, r.Scan(&x.user, &x.ref.ID, &x.ref.Name)
	}, func(x userRole) error {
		at[x.user].Roles = append(at[x.user].Roles, x.ref)
		return nil
	})
	if err != nil {
		return wrap(err, "read user roles")
	}
	codes := db.Q.Select("user_id", "code").From("user_permissions").Where(sq.Eq{"user_id": ids}).OrderBy("code")
	err = scanAll(ctx, db.SQL, codes, func(r rowScanner) (userCode, error) {
		var x userCode
		return x, r.Scan(&x.user, &x.code)
	}, func(x userCode) error {
		at[x.user].Permissions = append(at[x.user].Permissions, x.code)
		return nil
	})
	return wrap(err, "read user permissions")
}

// UpdateUserProfile changes a user's name, phone and email.
func (db *DB) UpdateUserProfile(ctx context.Context, id int64, name, phone, email string) error {
	return wrap(db.update(ctx, db.SQL, users, Platform, id,
		map[string]any{"name": name, "phone": phone, "email": email, "updated_at": NowMs()}), "update user")
}

// SetUserStatus enables or disables a user; disabling revokes its sessions.
func (db *DB) SetUserStatus(ctx context.Context, id int64, status int) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := exec(ctx, tx, db.Q.Update("users").Set("status", status).Set("updated_at", NowMs()).Where(sq.Eq{"id": id})); err != nil {
			return wrap(err, "set user status")
		}
		if status != model.StatusEnabled {
			return db.DeleteUserSessions(ctx, tx, id)
		}
		return nil
	})
}

// DeleteUser removes a user with its sessions, roles and codes.
func (db *DB) DeleteUser(ctx context.Context, id int64) error {
	_, err := exec(ctx, db.SQL, db.Q.Delete("users").Where(sq.Eq{"id": id}))
	return wrap(err, "delete user")
}

// CountUsers counts every user; the first start creates admin when it is zero.
func (db *DB) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	err := db.SQL.QueryRowContext(ctx, "SELECT count(*) FROM users").Scan(&n)
	return n, wrap(err, "count users")
}

// UserRoles lists the roles a user holds.
func (db *DB) UserRoles(ctx context.Context, userID int64) ([]model.RoleRef, error) {
	out := []model.RoleRef{}
	sel := db.Q.Select("r.id", "r.name").From("user_roles ur").Join("roles r ON r.id = ur.role_id").
		Where(sq.Eq{"ur.user_id": userID}).OrderBy("r.id")
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (model.RoleRef, error) {
		var x model.RoleRef
		return x, r.Scan(&x.ID, &x.Name)
	}, func(x model.RoleRef) error { out = append(out, x); return nil })
	return out, wrap(err, "read user roles")
}

// UserCodes returns the user's effective codes: those of its roles and its extra codes.
func (db *DB) UserCodes(ctx context.Context, userID int64) ([]string, error) {
	var out []string
	rows, err := db.SQL.QueryContext(ctx, db.Rebind(
		"SELECT rp.code FROM user_roles ur JOIN role_permissions rp ON rp.role_id = ur.role_id WHERE ur.user_id = ? "+
			"UNION SELECT code FROM user_permissions WHERE user_id = ?"), userID, userID)
	if err != nil {
		return nil, wrap(err, "read user permissions")
	}
	defer rows.Close()
	for rows.Next() {
		var c string
		if err := rows.Scan(&c); err != nil {
			return nil, wrap(err, "read user permissions")
		}
		out = append(out, c)
	}
	return out, wrap(rows.Err(), "read user permissions")
}

// RolesOf reads the roles with the given ids within scope, with their codes (to check a grant); ids
// outside the scope are left out as if they did not exist.
func (db *DB) RolesOf(ctx context.Context, scope Scope, ids []int64) ([]model.Role, error) {
	out := []model.Role{}
	if len(ids) == 0 {
		return out, nil
	}
	sel := db.Q.Select(roles.columns...).From(roles.from).Where(sq.Eq{"r.id": ids}).Where(roles.scope(scope))
	if err := scanAll(ctx, db.SQL, sel, scanRole, func(r model.Role) error { out = append(out, r); return nil }); err != nil {
		return nil, wrap(err, "read roles")
	}
	if len(out) == 0 {
		return out, nil
	}
	return out, db.fillRoles(ctx, out)
}

// SetPassword replaces a user's password hash and revokes all of its sessions, in one transaction.
func (db *DB) SetPassword(ctx context.Context, userID int64, hash string) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		if err := db.update(ctx, tx, users, Platform, userID, map[string]any{"password_hash": hash, "updated_at": NowMs()}); err != nil {
			return wrap(err, "set password")
		}
		return db.DeleteUserSessions(ctx, tx, userID)
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
