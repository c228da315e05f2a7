package store_test

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"

	"irgas/internal/store"
	"irgas/internal/testdb"
)

// parityExceptions are the deliberate differences between the two migration sets: each line exactly as
// schemaDiff reports it, with the reason. There are none: readings' partitioning on PostgreSQL is left out
// by the comparison itself, and the partial indexes are written alike in both sets. An entry would read:
//
//	"index readings_company on readings: only in PostgreSQL (company_id, ts)": "SQLite clusters by …",
var parityExceptions = map[string]string{}

// TestMigrationsParity migrates a fresh SQLite and a fresh PostgreSQL database and compares what the two
// migration sets made: the tables, each table's columns (name and a coarse type class), its primary key,
// and its indexes (name, indexed columns, unique or not, partial or not). PostgreSQL's partitions of
// readings (readings_default, readings_YYYYMM) and their copies of the parent's indexes are left out:
// they are how PostgreSQL stores one table.
//
// It needs both databases (testdb.PostgresURL).
func TestMigrationsParity(t *testing.T) {
	base := testdb.PostgresURL(t)
	ctx := context.Background()
	lite, err := sqliteSchema(ctx, testdb.SQLite(t))
	if err != nil {
		t.Fatalf("reading the SQLite schema: %v", err)
	}
	pg, err := postgresSchema(ctx, testdb.Postgres(t, base))
	if err != nil {
		t.Fatalf("reading the PostgreSQL schema: %v", err)
	}
	if len(lite) == 0 || len(pg) == 0 {
		t.Fatalf("no tables read: %d in SQLite, %d in PostgreSQL", len(lite), len(pg))
	}

	var diffs []string
	seen := map[string]bool{}
	for _, d := range schemaDiff(lite, pg) {
		if _, ok := parityExceptions[d]; ok {
			seen[d] = true
			continue
		}
		diffs = append(diffs, d)
	}
	for d := range parityExceptions {
		if !seen[d] {
			diffs = append(diffs, "stale exception (no longer a difference; remove it from parityExceptions): "+d)
		}
	}
	if len(diffs) > 0 {
		slices.Sort(diffs)
		t.Errorf("the SQLite and PostgreSQL migrations make different schemas, %d difference(s); add a migration "+
			"pair that brings them in line, or list a deliberate difference in parityExceptions:\n  %s",
			len(diffs), strings.Join(diffs, "\n  "))
	}
}

// schemaTable is what the parity test compares of one table.
type schemaTable struct {
	columns    map[string]string // name -> type class
	primaryKey []string
	indexes    map[string]schemaIndex // by name; unique constraints by "unique (cols)"
}

type schemaIndex struct {
	columns []string // "expr" stands for an expression
	unique  bool
	partial bool
}

func (ix schemaIndex) String() string {
	s := "(" + strings.Join(ix.columns, ", ") + ")"
	if ix.unique {
		s = "unique " + s
	}
	if ix.partial {
		s += " partial"
	}
	return s
}

func newSchemaTable() *schemaTable {
	return &schemaTable{columns: map[string]string{}, indexes: map[string]schemaIndex{}}
}

// schemaDiff lists every difference between the two schemas, one readable line each.
func schemaDiff(lite, pg map[string]*schemaTable) []string {
	var out []string
	for _, name := range sortedKeys(lite, pg) {
		l, p := lite[name], pg[name]
		switch {
		case p == nil:
			out = append(out, fmt.Sprintf("table %s: only in SQLite", name))
			continue
		case l == nil:
			out = append(out, fmt.Sprintf("table %s: only in PostgreSQL", name))
			continue
		}
		for _, c := range sortedKeys(l.columns, p.columns) {
			lc, lok := l.columns[c]
			pc, pok := p.columns[c]
			switch {
			case !pok:
				out = append(out, fmt.Sprintf("column %s.%s: only in SQLite (%s)", name, c, lc))
			case !lok:
				out = append(out, fmt.Sprintf("column %s.%s: only in PostgreSQL (%s)", name, c, pc))
			case lc != pc:
				out = append(out, fmt.Sprintf("column %s.%s: %s in SQLite, %s in PostgreSQL", name, c, lc, pc))
			}
		}
		if !slices.Equal(l.primaryKey, p.primaryKey) {
			out = append(out, fmt.Sprintf("primary key of %s: (%s) in SQLite, (%s) in PostgreSQL",
				name, strings.Join(l.primaryKey, ", "), strings.Join(p.primaryKey, ", ")))
		}
		for _, ix := range sortedKeys(l.indexes, p.indexes) {
			li, lok := l.indexes[ix]
			pi, pok := p.indexes[ix]
			switch {
			case !pok:
				out = append(out, fmt.Sprintf("index %s on %s: only in SQLite %s", ix, name, li))
			case !lok:
				out = append(out, fmt.Sprintf("index %s on %s: only in PostgreSQL %s", ix, name, pi))
			case li.String() != pi.String():
				out = append(out, fmt.Sprintf("index %s on %s: %s in SQLite, %s in PostgreSQL", ix, name, li, pi))
			}
		}
	}
	return out
}

func sortedKeys[V any](a, b map[string]V) []string {
	var keys []string
	for k := range a {
		keys = append(keys, k)
	}
	for k := range b {
		if _, ok := a[k]; !ok {
			keys = append(keys, k)
		}
	}
	slices.Sort(keys)
	return keys
}

// sqliteClass maps a declared SQLite column type to its class, by SQLite's own affinity rules
// (sqlite.org/datatype3.html, 3.1), with BOOLEAN kept apart.
func sqliteClass(decl string) string {
	d := strings.ToUpper(decl)
	switch {
	case strings.Contains(d, "INT"):
		return "integer"
	case strings.Contains(d, "CHAR"), strings.Contains(d, "CLOB"), strings.Contains(d, "TEXT"):
		return "text"
	case d == "", strings.Contains(d, "BLOB"):
		return "blob"
	case strings.Contains(d, "REAL"), strings.Contains(d, "FLOA"), strings.Contains(d, "DOUB"):
		return "real"
	case strings.Contains(d, "BOOL"):
		return "boolean"
	default:
		return "numeric (" + decl + ")"
	}
}

// postgresClass maps information_schema.columns.data_type to the same classes.
func postgresClass(dataType string) string {
	switch dataType {
	case "smallint", "integer", "bigint":
		return "integer"
	case "text", "character varying", "character":
		return "text"
	case "real", "double precision":
		return "real"
	case "boolean":
		return "boolean"
	case "bytea":
		return "blob"
	default:
		return "other (" + dataType + ")"
	}
}

func sqliteSchema(ctx context.Context, db *store.DB) (map[string]*schemaTable, error) {
	names, err := queryStrings(ctx, db.SQL, `SELECT name FROM sqlite_master WHERE type = 'table'
		AND name NOT LIKE 'sqlite\_%' ESCAPE '\' AND name <> 'goose_db_version'`)
	if err != nil {
		return nil, err
	}
	tables := map[string]*schemaTable{}
	for _, name := range names {
		tb := newSchemaTable()
		tables[name] = tb
		// PRAGMA table_info: cid, name, type, notnull, dflt_value, pk (1-based position in the primary key).
		rows, err := db.SQL.QueryContext(ctx, "SELECT name, type, pk FROM pragma_table_info(?)", name)
		if err != nil {
			return nil, err
		}
		pk := map[int]string{}
		for rows.Next() {
			var col, typ string
			var pos int
			if err := rows.Scan(&col, &typ, &pos); err != nil {
				rows.Close()
				return nil, err
			}
			tb.columns[col] = sqliteClass(typ)
			if pos > 0 {
				pk[pos] = col
			}
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		for i := 1; i <= len(pk); i++ {
			tb.primaryKey = append(tb.primaryKey, pk[i])
		}

		// PRAGMA index_list: seq, name, unique, origin (c: CREATE INDEX, u: UNIQUE constraint, pk), partial.
		type listed struct {
			name, origin    string
			unique, partial bool
		}
		var idx []listed
		rows, err = db.SQL.QueryContext(ctx, `SELECT name, "unique", origin, partial FROM pragma_index_list(?)`, name)
		if err != nil {
			return nil, err
		}
		for rows.Next() {
			var l listed
			if err := rows.Scan(&l.name, &l.unique, &l.origin, &l.partial); err != nil {
				rows.Close()
				return nil, err
			}
			idx = append(idx, l)
		}
		rows.Close()
		if err := rows.Err(); err != nil {
			return nil, err
		}
		for _, l := range idx {
			if l.origin == "pk" { // compared as the primary key
				continue
			}
			// PRAGMA index_info: seqno, cid, name (NULL for an expression), in key order.
			cols, err := queryStrings(ctx, db.SQL, "SELECT coalesce(name, 'expr') FROM pragma_index_info(?) ORDER BY seqno", l.name)
			if err != nil {
				return nil, err
			}
			ix := schemaIndex{columns: cols, unique: l.unique, partial: l.partial}
			key := l.name
			if l.origin == "u" {
				key = "unique (" + strings.Join(cols, ", ") + ")"
			}
			tb.indexes[key] = ix
		}
	}
	return tables, nil
}

func postgresSchema(ctx context.Context, db *store.DB) (map[string]*schemaTable, error) {
	// Ordinary and partitioned tables of the test's schema, without partitions (relispartition).
	names, err := queryStrings(ctx, db.SQL, `SELECT c.relname FROM pg_catalog.pg_class c
		JOIN pg_catalog.pg_namespace n ON n.oid = c.relnamespace
		WHERE n.nspname = current_schema() AND c.relkind IN ('r', 'p') AND NOT c.relispartition
		AND c.relname <> 'goose_db_version'`)
	if err != nil {
		return nil, err
	}
	tables := map[string]*schemaTable{}
	for _, name := range names {
		tables[name] = newSchemaTable()
	}

	rows, err := db.SQL.QueryContext(ctx, `SELECT table_name, column_name, data_type FROM information_schema.columns
		WHERE table_schema = current_schema()`)
	if err != nil {
		return nil, err
	}
	for rows.Next() {
		var table, col, typ string
		if err := rows.Scan(&table, &col, &typ); err != nil {
			rows.Close()
			return nil, err
		}
		if tb := tables[table]; tb != nil {
			tb.columns[col] = postgresClass(typ)
		}
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return nil, err
	}

	// Every index of pg_indexes on those tables (an index on a partition is not on one of them), with its
	// key columns from pg_index (attnum 0: an expression) and the constraint it backs, if any.
	rows, err = db.SQL.QueryContext(ctx, `SELECT i.tablename, i.indexname, x.indisunique, x.indpred IS NOT NULL,
			coalesce(con.contype, ''),
			array_to_string(ARRAY(
				SELECT coalesce(a.attname, 'expr')
				FROM generate_subscripts(x.indkey, 1) AS k
				LEFT JOIN pg_catalog.pg_attribute a ON a.attrelid = x.indrelid AND a.attnum = x.indkey[k] AND x.indkey[k] <> 0
				WHERE k < x.indnkeyatts
				ORDER BY k), ',')
		FROM pg_catalog.pg_indexes i
		JOIN pg_catalog.pg_class ic ON ic.relname = i.indexname
		JOIN pg_catalog.pg_namespace n ON n.oid = ic.relnamespace AND n.nspname = i.schemaname
		JOIN pg_catalog.pg_index x ON x.indexrelid = ic.oid
		LEFT JOIN pg_catalog.pg_constraint con ON con.conindid = ic.oid AND con.contype IN ('p', 'u')
		WHERE i.schemaname = current_schema()`)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	for rows.Next() {
		var table, name, contype, cols string
		var ix schemaIndex
		if err := rows.Scan(&table, &name, &ix.unique, &ix.partial, &contype, &cols); err != nil {
			return nil, err
		}
		tb := tables[table]
		if tb == nil {
			continue // a partition's copy of a readings index
		}
		ix.columns = strings.Split(cols, ",")
		switch contype {
		case "p":
			tb.primaryKey = ix.columns
		case "u":
			tb.indexes["unique ("+strings.Join(ix.columns, ", ")+")"] = ix
		default:
			tb.indexes[name] = ix
		}
	}
	return tables, rows.Err()
}

func queryStrings(ctx context.Context, q store.Querier, query string, args ...any) ([]string, error) {
	rows, err := q.QueryContext(ctx, query, args...)
	if err != nil {
		return nil, err
	}
	defer rows.Close()
	var out []string
	for rows.Next() {
		var s string
		if err := rows.Scan(&s); err != nil {
			return nil, err
		}
		out = append(out, s)
	}
	return out, rows.Err()
}
