package store

import (
	"context"
	"database/sql"
	"errors"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// CompanyList is the allow-list of the company list and export calls.
var CompanyList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "name", Column: "c.name", Kind: listq.Contains, Doc: "part of the name"},
		{Param: "creditCode", Column: "c.credit_code", Kind: listq.Contains, Doc: "part of the credit code"},
		{Param: "industryCode", Column: "c.industry_code", Kind: listq.Exact, Doc: "industry section code (repeatable)"},
		{Param: "provinceCode", Column: "c.province_code", Kind: listq.Exact, Doc: "province code"},
		{Param: "cityCode", Column: "c.city_code", Kind: listq.Exact, Doc: "city code"},
		{Param: "countyCode", Column: "c.county_code", Kind: listq.Exact, Doc: "county code"},
		{Param: "status", Column: "c.status", Kind: listq.Int, Doc: "1 enabled, 0 disabled"},
		{Param: "createdAt", Column: "c.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"id": "c.id", "name": "c.name", "createdAt": "c.created_at", "updatedAt": "c.updated_at", "status": "c.status"},
	DefaultSort: "-createdAt",
	TieBreak:    "c.id",
}

var companies = table{
	from: "companies c LEFT JOIN users a ON a.id = c.admin_user_id",
	columns: []string{"c.id", "c.name", "c.credit_code", "c.industry_code", "c.province_code", "c.city_code", "c.county_code",
		"c.address", "c.contact_person", "c.contact_phone", "c.status", "c.remark", "c.admin_user_id", "COALESCE(a.account, '')",
		"c.created_at", "c.updated_at"},
	companyColumn: "c.id",
	idColumn:      "c.id",
}

func scanCompany(r rowScanner) (model.Company, error) {
	var c model.Company
	err := r.Scan(&c.ID, &c.Name, &c.CreditCode, &c.IndustryCode, &c.ProvinceCode, &c.CityCode, &c.CountyCode,
		&c.Address, &c.ContactPerson, &c.ContactPhone, &c.Status, &c.Remark, &c.AdminUserID, &c.AdminAccount,
		&c.CreatedAt, &c.UpdatedAt)
	return c, err
}

// CompanyFields are a company's register data, as created and updated.
type CompanyFields struct {
	Name, CreditCode, IndustryCode, ProvinceCode, CityCode, CountyCode string
	Address, ContactPerson, ContactPhone, Remark                       string
}

// ListCompanies lists companies within scope.
func (db *DB) ListCompanies(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.Company], error) {
	return list(ctx, db, companies, scope, q, scanCompany)
}

// EachCompany calls fn for every company the query matches, in its order, without paging (exports).
func (db *DB) EachCompany(ctx context.Context, scope Scope, q listq.Query, fn func(model.Company) error) error {
	return each(ctx, db, companies, scope, q, scanCompany, fn)
}

// GetCompany reads one company within scope.
func (db *DB) GetCompany(ctx context.Context, scope Scope, id int64) (model.Company, error) {
	return get(ctx, db.SQL, db, companies, scope, id, scanCompany)
}

// CreateCompany stores a company with only a name (tests and the foundation use it).
func (db *DB) CreateCompany(ctx context.Context, name string) (int64, error) {
	var id int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = db.insertCompany(ctx, tx, CompanyFields{Name: name})
		return err
	})
	return id, err
}

// CreateCompanyWithAdmin stores a company and its administrator account in one transaction.
func (db *DB) CreateCompanyWithAdmin(ctx context.Context, f CompanyFields, admin NewUser) (int64, error) {
	var id int64
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		if id, err = db.insertCompany(ctx, tx, f); err != nil {
			return err
		}
		admin.CompanyID = &id
		uid, err := db.CreateUser(ctx, tx, admin)
		if err != nil {
			return err
		}
		_, err = exec(ctx, tx, db.Q.Update("companies").Set("admin_user_id", uid).Where(sq.Eq{"id": id}))
		return wrap(err, "link company administrator")
	})
	return id, err
}

func (db *DB) insertCompany(ctx context.Context, q Querier, f CompanyFields) (int64, error) {
	now := NowMs()
	var id int64
	row, err := queryRow(ctx, q, db.Q.Insert("companies").
		Columns("name", "credit_code", "industry_code", "province_code", "city_code", "county_code", "address",
			"contact_person", "contact_phone", "remark", "status", "created_at", "updated_at").
		Values(f.Name, f.CreditCode, f.IndustryCode, f.ProvinceCode, f.CityCode, f.CountyCode, f.Address,
			f.ContactPerson, f.ContactPhone, f.Remark, model.StatusEnabled, now, now).Suffix("RETURNING id"))
	if err == nil {
		err = row.Scan(&id)
	}
	return id, wrap(err, "create company")
}

// UpdateCompany replaces a company's register data.
func (db *DB) UpdateCompany(ctx context.Context, id int64, f CompanyFields) error {
	return wrap(db.update(ctx, db.SQL, companies, Platform, id, map[string]any{
		"name": f.Name, "credit_code": f.CreditCode, "industry_code": f.IndustryCode, "province_code": f.ProvinceCode,
		"city_code": f.CityCode, "county_code": f.CountyCode, "address": f.Address, "contact_person": f.ContactPerson,
		"contact_phone": f.ContactPhone, "remark": f.Remark, "updated_at": NowMs(),
	}), "update company")
}

// SetCompanyStatus enables or disables a company; disabling revokes every session of its users and of its
// devices.
func (db *DB) SetCompanyStatus(ctx context.Context, id int64, status int) error {
	return db.inTxRevoking(ctx, func(tx *sql.Tx) error {
		if err := db.update(ctx, tx, companies, Platform, id, map[string]any{"status": status, "updated_at": NowMs()}); err != nil {
			return wrap(err, "set company status")
		}
		if err := db.syncCompany(ctx, tx, id); err != nil {
			return err
		}
		if status != model.StatusEnabled {
			if err := db.revokeCompany(ctx, tx, id); err != nil {
				return err
			}
			return db.DeleteCompanySessions(ctx, tx, id)
		}
		return nil
	})
}

// CompanyUsage counts what still belongs to a company besides its administrator.
type CompanyUsage struct {
	Users   int64
	Devices int64
}

// DeleteCompany removes a company with its administrator, roles and sessions, unless it still has other
// users (ErrInUse, with the counts).
func (db *DB) DeleteCompany(ctx context.Context, id int64) (CompanyUsage, error) {
	var usage CompanyUsage
	err := db.InTx(ctx, func(tx *sql.Tx) error {
		c, err := get(ctx, tx, db, companies, Platform, id, scanCompany)
		if err != nil {
			return err
		}
		users := db.Q.Select("count(*)").From("users").Where(sq.Eq{"company_id": id})
		if c.AdminUserID != nil {
			users = users.Where(sq.NotEq{"id": *c.AdminUserID})
		}
		row, err := queryRow(ctx, tx, users)
		if err == nil {
			err = row.Scan(&usage.Users)
		}
		if err != nil {
			return wrap(err, "count company users")
		}
		if usage.Devices, err = db.CountCompanyDevices(ctx, tx, id); err != nil {
			return err
		}
		if usage.Users > 0 || usage.Devices > 0 {
			return ErrInUse
		}
		steps := []sq.Sqlizer{
			db.Q.Update("companies").Set("admin_user_id", nil).Where(sq.Eq{"id": id}),
			db.Q.Delete("users").Where(sq.Eq{"company_id": id}),
			db.Q.Delete("roles").Where(sq.Eq{"company_id": id}),
			db.Q.Delete("companies").Where(sq.Eq{"id": id}),
		}
		for _, s := range steps {
			if _, err := exec(ctx, tx, s); err != nil {
				return wrap(err, "delete company")
			}
		}
		return nil
	})
	return usage, err
}

// CompanyRefs lists every company's id, name and status, by name (selects).
func (db *DB) CompanyRefs(ctx context.Context, scope Scope) ([]model.CompanyRef, error) {
	b := db.Q.Select("id", "name", "status").From("companies").Where(scope.cond("id")).OrderBy("name", "id")
	query, args, _ := b.ToSql()
	rows, err := db.SQL.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, wrap(err, "list companies")
	}
	defer rows.Close()
	out := []model.CompanyRef{}
	for rows.Next() {
		var c model.CompanyRef
		if err := rows.Scan(&c.ID, &c.Name, &c.Status); err != nil {
			return nil, wrap(err, "list companies")
		}
		out = append(out, c)
	}
	return out, wrap(rows.Err(), "list companies")
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

// CompanyIDByCreditCode finds a company by its unified social credit code (0 when there is none).
func (db *DB) CompanyIDByCreditCode(ctx context.Context, code string) (int64, error) {
	var id int64
	row, err := queryRow(ctx, db.SQL, db.Q.Select("id").From("companies").Where(sq.Eq{"credit_code": code}))
	if err == nil {
		err = row.Scan(&id)
	}
	if errors.Is(err, sql.ErrNoRows) {
		return 0, nil
	}
	return id, wrap(err, "find company")
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

// Industries lists the industry sections in their order.
func (db *DB) Industries(ctx context.Context) ([]model.Industry, error) {
	rows, err := db.SQL.QueryContext(ctx, "SELECT code, name_zh, name_en FROM industries ORDER BY sort")
	if err != nil {
		return nil, wrap(err, "list industries")
	}
	defer rows.Close()
	out := []model.Industry{}
	for rows.Next() {
		var i model.Industry
		if err := rows.Scan(&i.Code, &i.NameZh, &i.NameEn); err != nil {
			return nil, wrap(err, "list industries")
		}
		out = append(out, i)
	}
	return out, wrap(rows.Err(), "list industries")
}
