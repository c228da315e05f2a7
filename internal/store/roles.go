package store

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// RoleList is the allow-list of the role list call.
var RoleList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "name", Column: "r.name", Kind: listq.Contains, Doc: "part of the role name"},
		{Param: "companyId", Column: "r.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
	},
	Sorts:       map[string]string{"id": "r.id", "name": "r.name", "createdAt": "r.created_at", "updatedAt": "r.updated_at"},
	DefaultSort: "-createdAt",
	TieBreak:    "r.id",
}

var roles = table{
	from:          "roles r",
	columns:       []string{"r.id", "r.name", "r.remark", "r.company_id", "r.created_at", "r.updated_at"},
	companyColumn: "r.company_id",
	idColumn:      "r.id",
}

func scanRole(r rowScanner) (model.Role, error) {
	var x model.Role
	err := r.Scan(&x.ID, &x.Name, &x.Remark, &x.CompanyID, &x.CreatedAt, &x.UpdatedAt)
	x.Permissions = []string{}
	return x, err
}

// RoleInput is what creating or updating a role writes.
type RoleInput struct {
	Name        string
	Remark      string
	CompanyID   *int64
	Permissions []string
}

// ListRoles lists roles within scope, each with its codes and how many users hold it.
func (db *DB) ListRoles(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.Role], error) {
	page, err := list(ctx, db, roles, scope, q, scanRole)
	if err != nil || len(page.List) == 0 {
		return page, err
	}
	return page, db.fillRoles(ctx, page.List)
}

// GetRole reads one role within scope.
func (db *DB) GetRole(ctx context.Context, scope Scope, id int64) (model.Role, error) {
	r, err := get(ctx, db.SQL, db, roles, scope, id, scanRole)
	if err != nil {
		return r, err
	}
	list := []model.Role{r}
	err = db.fillRoles(ctx, list)
	return list[0], err
}

// fillRoles adds codes and user counts to a page of roles with two queries, not two per role.
func (db *DB) fillRoles(ctx context.Context, list []model.Role) error {
	ids := make([]int64, len(list))
	at := make(map[int64]int, len(list))
	for i, r := range list {
		ids[i] = r.ID
		at[r.ID] = i
	}
	query, args, _ := db.Q.Select("role_id", "code").From("role_permissions").Where(sq.Eq{"role_id": ids}).OrderBy("code").ToSql()
	rows, err := db.SQL.QueryContext(ctx, query, args...)
	if err != nil {
		return wrap(err, "read role permissions")
	}
	for rows.Next() {
		var id int64
		var code string
		if err := rows.Scan(&id, &code); err != nil {
			rows.Close()
			return wrap(err, "read role permissions")
		}
		list[at[id]].Permissions = append(list[at[id]].Permissions, code)
	}
	rows.Close()
	query, args, _ = db.Q.Select("role_id", "count(*)").From("user_roles").Where(sq.Eq{"role_id": ids}).GroupBy("role_id").ToSql()
	rows, err = db.SQL.QueryContext(ctx, query, args...)
	if err != nil {
		return wrap(err, "count role users")
	}
	defer rows.Close()
	for rows.Next() {
		var id, n int64
		if err := rows.Scan(&id, &n); err != nil {
			return wrap(err, "count role users")
		}
		list[at[id]].UserCount = n
	}
	return wrap(rows.Err(), "count role users")
}

// CreateRole stores a role with its codes; a duplicate name in the company is ErrConflict.
func (db *DB) CreateRole(ctx context.Context, in RoleInput) (int64, error) {
	var id int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		now := NowMs()
		row, err := queryRow(ctx, tx, db.Q.Insert("roles").
			Columns("company_id", "name", "remark", "created_at", "updated_at").
			Values(in.CompanyID, in.Name, in.Remark, now, now).Suffix("RETURNING id"))
		if err == nil {
			err = row.Scan(&id)
		}
		if err != nil {
			return wrap(err, "create role")
		}
		return db.setRoleCodes(ctx, tx, id, in.Permissions)
	})
	return id, err
}

// UpdateRole changes a role within scope (its company never changes).
func (db *DB) UpdateRole(ctx context.Context, scope Scope, id int64, in RoleInput) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		if err := db.update(ctx, tx, roles, scope, id, map[string]any{"name": in.Name, "remark": in.Remark, "updated_at": NowMs()}); err != nil {
			return wrap(err, "update role")
		}
		if _, err := exec(ctx, tx, db.Q.Delete("role_permissions").Where(sq.Eq{"role_id": id})); err != nil {
			return wrap(err, "update role permissions")
		}
		return db.setRoleCodes(ctx, tx, id, in.Permissions)
	})
}

// RoleHolders reads the users who hold a role.
func (db *DB) RoleHolders(ctx context.Context, roleID int64) ([]model.User, error) {
	var out []model.User
	err := scanAll(ctx, db.SQL, db.Q.Select(users.columns...).From(users.from).
		Where("u.id IN (SELECT user_id FROM user_roles WHERE role_id = ?)", roleID).OrderBy("u.id"),
		scanUser, func(u model.User) error {
			out = append(out, u)
			return nil
		})
	return out, wrap(err, "read role holders")
}

// ErrInUse is returned when a record cannot be deleted because others still refer to it.
var ErrInUse = errors.New("store: still in use")

// DeleteRole deletes a role within scope unless users hold it (ErrInUse, with the count in users).
func (db *DB) DeleteRole(ctx context.Context, scope Scope, id int64) (users int64, err error) {
	err = db.InTx(ctx, func(tx *sql.Tx) error {
		if _, err := get(ctx, tx, db, roles, scope, id, scanRole); err != nil {
			return err
		}
		row, err := queryRow(ctx, tx, db.Q.Select("count(*)").From("user_roles").Where(sq.Eq{"role_id": id}))
		if err == nil {
			err = row.Scan(&users)
		}
		if err != nil {
			return wrap(err, "count role users")
		}
		if users > 0 {
			return ErrInUse
		}
		_, err = exec(ctx, tx, db.Q.Delete("roles").Where(sq.Eq{"id": id}))
		return wrap(err, "delete role")
	})
	return users, err
}

func (db *DB) setRoleCodes(ctx context.Context, q Querier, roleID int64, codes []string) error {
	if len(codes) == 0 {
		return nil
	}
	ins := db.Q.Insert("role_permissions").Columns("role_id", "code")
	for _, c := range codes {
		ins = ins.Values(roleID, c)
	}
	_, err := exec(ctx, q, ins)
	return wrap(err, "store role permissions")
}
