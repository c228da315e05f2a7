package store

import (
	"context"
	"database/sql"

	"irgas/internal/listq"
	"irgas/internal/model"
)

// OperationLogList is the allow-list of the operation record list call. Account is an exact match so
// that it can use its index on a table of millions of rows.
var OperationLogList = listq.Spec{
	Filters: []listq.Filter{
		{Param: "account", Column: "o.account", Kind: listq.Exact, Doc: "account (exact)"},
		{Param: "module", Column: "o.module", Kind: listq.Exact, Doc: "module, e.g. RoleManagement or Auth"},
		{Param: "action", Column: "o.action", Kind: listq.Exact, Doc: "action, e.g. create or login"},
		{Param: "method", Column: "o.method", Kind: listq.Exact, Doc: "HTTP method"},
		{Param: "status", Column: "o.status", Kind: listq.Int, Doc: "HTTP status (repeatable)"},
		{Param: "companyId", Column: "o.company_id", Kind: listq.Int, Doc: "company id (platform users)"},
		{Param: "createdAt", Column: "o.created_at", Kind: listq.Range, Doc: "$gte:/$lte: epoch ms"},
	},
	Sorts:       map[string]string{"createdAt": "o.created_at", "id": "o.id"},
	DefaultSort: "-createdAt",
	TieBreak:    "o.id",
}

var operationLogs = table{
	from: "operation_logs o",
	columns: []string{"o.id", "o.created_at", "o.user_id", "o.account", "o.company_id", "o.ip", "o.user_agent",
		"o.method", "o.path", "o.module", "o.action", "o.target_id", "o.status", "o.duration_ms", "o.body"},
	companyColumn: "o.company_id",
	idColumn:      "o.id",
	countCap:      OperationLogCountCap,
	unfilteredTotal: func(ctx context.Context, db *DB, scope Scope) (int64, error) {
		row, err := queryRow(ctx, db.SQL, db.Q.Select("COALESCE(SUM(n), 0)").From("operation_log_counts").Where(scope.cond("company_id")))
		var n int64
		if err == nil {
			err = row.Scan(&n)
		}
		return n, err
	},
}

// OperationLogCountCap is how far a filtered operation record list is counted (see model.Page.TotalCapped).
const OperationLogCountCap = 1000

func scanOperationLog(r rowScanner) (model.OperationLog, error) {
	var o model.OperationLog
	err := r.Scan(&o.ID, &o.CreatedAt, &o.UserID, &o.Account, &o.CompanyID, &o.IP, &o.UserAgent, &o.Method,
		&o.Path, &o.Module, &o.Action, &o.TargetID, &o.Status, &o.DurationMs, &o.Body)
	return o, err
}

// ListOperationLogs lists records within scope.
func (db *DB) ListOperationLogs(ctx context.Context, scope Scope, q listq.Query) (model.Page[model.OperationLog], error) {
	return list(ctx, db, operationLogs, scope, q, scanOperationLog)
}

// GetOperationLog reads one record within scope.
func (db *DB) GetOperationLog(ctx context.Context, scope Scope, id int64) (model.OperationLog, error) {
	return get(ctx, db.SQL, db, operationLogs, scope, id, scanOperationLog)
}

// InsertOperationLogs writes a batch of records in one transaction.
func (db *DB) InsertOperationLogs(ctx context.Context, batch []model.OperationLog) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		// Rows per statement stay well under SQLite's 32766 bound parameters.
		const perStatement = 500
		for start := 0; start < len(batch); start += perStatement {
			ins := db.Q.Insert("operation_logs").Columns("created_at", "user_id", "account", "company_id", "ip",
				"user_agent", "method", "path", "module", "action", "target_id", "status", "duration_ms", "body")
			for _, o := range batch[start:min(start+perStatement, len(batch))] {
				ins = ins.Values(o.CreatedAt, o.UserID, o.Account, o.CompanyID, o.IP, truncate(o.UserAgent, 512), o.Method,
					truncate(o.Path, 1024), o.Module, o.Action, o.TargetID, o.Status, o.DurationMs, o.Body)
			}
			if _, err := exec(ctx, tx, ins); err != nil {
				return wrap(err, "write operation records")
			}
		}
		// Keep the per-company totals in step (a future retention purge must subtract what it deletes).
		perCompany := map[int64]int64{}
		for _, o := range batch {
			var c int64
			if o.CompanyID != nil {
				c = *o.CompanyID
			}
			perCompany[c]++
		}
		for c, n := range perCompany {
			_, err := exec(ctx, tx, db.Q.Insert("operation_log_counts").Columns("company_id", "n").Values(c, n).
				Suffix("ON CONFLICT (company_id) DO UPDATE SET n = operation_log_counts.n + excluded.n"))
			if err != nil {
				return wrap(err, "count operation records")
			}
		}
		return nil
	})
}
