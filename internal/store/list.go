package store

import (
	"context"
	"database/sql"
	"strings"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// Scope limits what a caller sees: nil CompanyID means a platform user (every company).
type Scope struct {
	CompanyID *int64
}

// Platform is the unlimited scope of platform users and of the server itself.
var Platform = Scope{}

// Company is the scope of a user of company id.
func Company(id int64) Scope { return Scope{CompanyID: &id} }

// IsPlatform reports whether the scope sees every company.
func (s Scope) IsPlatform() bool { return s.CompanyID == nil }

// cond is the scope's condition on a company column, or nil for the platform scope: the one place where a
// scope becomes SQL. Every scoped statement adds it with Where, which skips nil (for an UPDATE or a DELETE,
// only after a first condition: see update).
func (s Scope) cond(col string) sq.Sqlizer {
	if s.CompanyID == nil {
		return nil
	}
	return sq.Eq{col: *s.CompanyID}
}

// table describes a scoped table for the generic list, get, update and remove helpers.
type table struct {
	from          string // "roles r"
	columns       []string
	companyColumn string // "" when the table is not company-scoped
	idColumn      string
	// unfilteredTotal, when set, answers the total of a list without filters (from a counter).
	unfilteredTotal func(ctx context.Context, db *DB, scope Scope) (int64, error)
	// countCap, when set, stops counting a filtered list at this many rows.
	countCap int
}

// scope is the table's condition for scope: nil for the platform scope, and for a table of no company.
func (t table) scope(s Scope) sq.Sqlizer {
	if t.companyColumn == "" {
		return nil
	}
	return s.cond(t.companyColumn)
}

// bare is the table as UPDATE and DELETE name it: without the joins of from, and columns without an alias.
func (t table) bare() table {
	unalias := func(col string) string { return col[strings.IndexByte(col, '.')+1:] }
	name, _, _ := strings.Cut(t.from, " ")
	return table{from: name, idColumn: unalias(t.idColumn), companyColumn: unalias(t.companyColumn)}
}

// update sets columns of row id of t within scope; no row changed (a missing row, or one outside the scope)
// is ErrNotFound.
func (db *DB) update(ctx context.Context, q Querier, t table, scope Scope, id int64, set map[string]any) error {
	b := t.bare()
	// The id comes first: an UPDATE's Where keeps a nil condition, which renders nothing only after another.
	return affected(exec(ctx, q, db.Q.Update(b.from).SetMap(set).Where(sq.Eq{b.idColumn: id}).Where(b.scope(scope))))
}

// remove deletes row id of t within scope; no row deleted is ErrNotFound, as for update.
func (db *DB) remove(ctx context.Context, q Querier, t table, scope Scope, id int64) error {
	b := t.bare()
	return affected(exec(ctx, q, db.Q.Delete(b.from).Where(sq.Eq{b.idColumn: id}).Where(b.scope(scope))))
}

// affected turns a write that changed no row into ErrNotFound: the row is missing or outside the scope.
func affected(res sql.Result, err error) error {
	if err != nil {
		return err
	}
	if n, _ := res.RowsAffected(); n == 0 {
		return ErrNotFound
	}
	return nil
}

// where collects the scope and the list filters as conditions.
func (db *DB) where(t table, scope Scope, conds []listq.Cond) []sq.Sqlizer {
	var out []sq.Sqlizer
	if c := t.scope(scope); c != nil {
		out = append(out, c)
	}
	for _, c := range conds {
		if c.Cases != nil {
			any := sq.Or{}
			for _, cond := range c.Cases {
				any = append(any, sq.Expr("("+cond+")"))
			}
			out = append(out, any)
			continue
		}
		if c.Expr != "" {
			any := sq.Or{}
			for _, v := range c.Ints {
				any = append(any, sq.Expr(c.Expr, v))
			}
			for _, v := range c.Texts {
				any = append(any, sq.Expr(c.Expr, v))
			}
			out = append(out, any)
			continue
		}
		switch c.Kind {
		case listq.Exact:
			out = append(out, sq.Eq{c.Column: c.Texts})
		case listq.Contains:
			out = append(out, db.ContainsLike(c.Column, c.Texts[0]))
		case listq.Int:
			out = append(out, sq.Eq{c.Column: c.Ints})
		case listq.Range:
			if c.Gte != nil {
				out = append(out, sq.GtOrEq{c.Column: *c.Gte})
			}
			if c.Lte != nil {
				out = append(out, sq.LtOrEq{c.Column: *c.Lte})
			}
		}
	}
	return out
}

// rowScanner is what *sql.Row and *sql.Rows share, so that one scan function serves lists and gets.
type rowScanner interface{ Scan(dest ...any) error }

// queryRow runs a built statement that returns one row.
func queryRow(ctx context.Context, q Querier, b sq.Sqlizer) (*sql.Row, error) {
	query, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	return q.QueryRowContext(ctx, query, args...), nil
}

// exec runs a built statement.
func exec(ctx context.Context, q Querier, b sq.Sqlizer) (sql.Result, error) {
	query, args, err := b.ToSql()
	if err != nil {
		return nil, err
	}
	return q.ExecContext(ctx, query, args...)
}

// ordered is the table's select with the scope, the filters and the sort of q, without a page.
func (db *DB) ordered(t table, conds []sq.Sqlizer, q listq.Query) sq.SelectBuilder {
	sel := db.Q.Select(t.columns...).From(t.from)
	for _, c := range conds {
		sel = sel.Where(c)
	}
	for _, s := range q.Sort {
		dir := " ASC"
		if s.Desc {
			dir = " DESC"
		}
		sel = sel.OrderBy(s.Column + dir)
	}
	return sel
}

// list runs a scoped, filtered, sorted, paged select and its count.
func list[T any](ctx context.Context, db *DB, t table, scope Scope, q listq.Query, scan func(rowScanner) (T, error)) (model.Page[T], error) {
	page := model.Page[T]{List: []T{}, Page: q.Page, PageSize: q.PageSize}
	conds := db.where(t, scope, q.Conds)
	count := db.Q.Select("count(*)").From(t.from)
	for _, c := range conds {
		count = count.Where(c)
	}
	var err error
	if page.Total, page.TotalCapped, err = db.count(ctx, t, scope, q, count); err != nil {
		return page, wrap(err, "count "+t.from)
	}
	if page.Total == 0 {
		return page, nil
	}
	sel := db.ordered(t, conds, q).Limit(uint64(q.PageSize)).Offset(uint64(q.Offset()))
	err = scanAll(ctx, db.SQL, sel, scan, func(item T) error {
		page.List = append(page.List, item)
		return nil
	})
	return page, wrap(err, "list "+t.from)
}

// each runs the list's select without a page and calls fn for every row as it streams (exports).
func each[T any](ctx context.Context, db *DB, t table, scope Scope, q listq.Query, scan func(rowScanner) (T, error), fn func(T) error) error {
	return scanAll(ctx, db.SQL, db.ordered(t, db.where(t, scope, q.Conds), q), scan, fn)
}

func scanAll[T any](ctx context.Context, q Querier, sel sq.Sqlizer, scan func(rowScanner) (T, error), fn func(T) error) error {
	query, args, err := sel.ToSql()
	if err != nil {
		return err
	}
	rows, err := q.QueryContext(ctx, query, args...)
	return scanRows(rows, err, scan, fn)
}

// scanRows calls fn with each row of a query's answer (rows, err), scanned by scan, and closes rows.
func scanRows[T any](rows *sql.Rows, err error, scan func(rowScanner) (T, error), fn func(T) error) error {
	if err != nil {
		return err
	}
	defer rows.Close()
	for rows.Next() {
		item, err := scan(rows)
		if err != nil {
			return err
		}
		if err := fn(item); err != nil {
			return err
		}
	}
	return rows.Err()
}

// count returns the list's total: from the table's counter when nothing filters it, capped (capped
// true) when the table says so, and exactly otherwise.
func (db *DB) count(ctx context.Context, t table, scope Scope, q listq.Query, count sq.SelectBuilder) (int64, bool, error) {
	if len(q.Conds) == 0 && t.unfilteredTotal != nil {
		n, err := t.unfilteredTotal(ctx, db, scope)
		return n, false, err
	}
	var stmt sq.Sqlizer = count
	if t.countCap > 0 {
		limited := count.RemoveColumns().Column("1").Limit(uint64(t.countCap) + 1)
		stmt = db.Q.Select("count(*)").FromSelect(limited, "capped")
	}
	row, err := queryRow(ctx, db.SQL, stmt)
	if err != nil {
		return 0, false, err
	}
	var n int64
	if err := row.Scan(&n); err != nil {
		return 0, false, err
	}
	if t.countCap > 0 && n > int64(t.countCap) {
		return int64(t.countCap), true, nil
	}
	return n, false, nil
}

// get reads one scoped row by id; a row outside the scope is ErrNotFound, like a missing one.
func get[T any](ctx context.Context, q Querier, db *DB, t table, scope Scope, id int64, scan func(rowScanner) (T, error)) (T, error) {
	var zero T
	sel := db.Q.Select(t.columns...).From(t.from).Where(sq.Eq{t.idColumn: id}).Where(t.scope(scope))
	row, err := queryRow(ctx, q, sel)
	if err != nil {
		return zero, wrap(err, "read "+t.from)
	}
	item, err := scan(row)
	return item, wrap(err, "read "+t.from)
}
