// Package store is the platform's database access: one *DB over SQLite (embedded, the default) or
// PostgreSQL, selected by URL, with embedded migrations and one file per entity. SQL is written once for
// both; the few differences live in Dialect.
package store

import (
	"context"
	"database/sql"
	"embed"
	"errors"
	"fmt"
	"io/fs"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"time"

	sq "github.com/Masterminds/squirrel"
	"github.com/jackc/pgx/v5/pgconn"
	_ "github.com/jackc/pgx/v5/stdlib" // registers the "pgx" database/sql driver
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"modernc.org/sqlite"
	sqlite3 "modernc.org/sqlite/lib"
)

//go:embed migrations
var migrations embed.FS

// Dialect names the database kind behind a DB.
type Dialect string

// The supported databases.
const (
	SQLite   Dialect = "sqlite"
	Postgres Dialect = "postgres"
)

// Querier is what *sql.DB and *sql.Tx share, so that store functions run inside or outside a transaction.
type Querier interface {
	ExecContext(ctx context.Context, query string, args ...any) (sql.Result, error)
	QueryContext(ctx context.Context, query string, args ...any) (*sql.Rows, error)
	QueryRowContext(ctx context.Context, query string, args ...any) *sql.Row
}

// DB is an open database with its dialect.
type DB struct {
	SQL     *sql.DB
	Dialect Dialect
	// Q builds statements with the dialect's placeholders.
	Q sq.StatementBuilderType

	stmts *stmtCache
	// revocations is signalled when this process commits a device revocation (Revoked).
	revocations chan struct{}
	// brokerSync queues devices for the external broker's accounts (ProvisionBroker).
	brokerSync bool
}

// ErrConflict is returned when a unique or foreign-key constraint refuses a write.
var ErrConflict = errors.New("store: constraint conflict")

// ErrBadData is returned when the database refuses a value itself (PostgreSQL's data exceptions, such as a
// NUL in text; SQLite's check, not-null and size failures): the same write would fail again.
var ErrBadData = errors.New("store: the database refused a value")

// ErrRetry is returned when PostgreSQL ended a transaction to break a deadlock or a serialization conflict:
// the same transaction run again succeeds.
var ErrRetry = errors.New("store: the transaction met a concurrent one; run it again")

// ErrNotFound is returned when a record does not exist or is outside the caller's scope.
var ErrNotFound = errors.New("store: not found")

// Open connects to the database named by rawURL: "sqlite:PATH" or "postgres://...".
func Open(ctx context.Context, rawURL string) (*DB, error) {
	switch {
	case strings.HasPrefix(rawURL, "sqlite:"):
		return openSQLite(ctx, strings.TrimPrefix(rawURL, "sqlite:"))
	case strings.HasPrefix(rawURL, "postgres://"), strings.HasPrefix(rawURL, "postgresql://"):
		return openPostgres(ctx, rawURL)
	default:
		return nil, fmt.Errorf("store: database URL must start with sqlite: or postgres://, got %q", redactURL(rawURL))
	}
}

func openSQLite(ctx context.Context, path string) (*DB, error) {
	if path == "" {
		return nil, errors.New("store: sqlite: needs a file path, e.g. sqlite:./data/irgas.db")
	}
	if dir := filepath.Dir(path); dir != "" {
		if err := os.MkdirAll(dir, 0o750); err != nil {
			return nil, fmt.Errorf("store: unable to create the database folder: %w", err)
		}
	}
	// WAL lets readers run beside the writer; IMMEDIATE transactions take the write lock up front so two
	// writers wait on busy_timeout instead of failing with a deadlock on upgrade. Statement journals (every
	// multi-row INSERT … ON CONFLICT keeps one) stay in memory instead of temporary files; pages are read
	// through a memory map rather than a system call each; each connection caches 16 MB of pages; the WAL is
	// folded back into the database every 8,000 pages (32 MB) rather than 1,000, so that the committing
	// writer stops less often for a checkpoint (ingestion +30% in BenchmarkIngest).
	// The path is a URI's: escaped, so that a '#' or '?' in it (a folder named after a test, say) does not
	// cut it short and drop the settings that follow it.
	escaped := strings.NewReplacer("%", "%25", "?", "%3f", "#", "%23").Replace(path)
	dsn := "file:" + escaped + "?_pragma=journal_mode(WAL)&_pragma=busy_timeout(10000)" +
		"&_pragma=foreign_keys(1)&_pragma=synchronous(NORMAL)&_pragma=temp_store(MEMORY)&_pragma=mmap_size(268435456)&_pragma=cache_size(-16000)&_pragma=wal_autocheckpoint(8000)&_txlock=immediate"
	sqldb, err := sql.Open("sqlite", dsn)
	if err != nil {
		return nil, fmt.Errorf("store: unable to open sqlite: %w", err)
	}
	sqldb.SetMaxOpenConns(8)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	return finishOpen(ctx, sqldb, SQLite)
}

func openPostgres(ctx context.Context, rawURL string) (*DB, error) {
	if u, err := url.Parse(rawURL); err == nil && !u.Query().Has("statement_timeout") {
		q := u.Query()
		q.Set("statement_timeout", statementTimeout)
		u.RawQuery = q.Encode()
		rawURL = u.String()
	}
	sqldb, err := sql.Open("pgx", rawURL)
	if err != nil {
		return nil, fmt.Errorf("store: unable to open postgres: %w", err)
	}
	// Keep every connection the pool opens: device messages come in bursts (an external broker hands an
	// instance up to its in-flight window at once), and closing the connections a burst opened meant about
	// ten new PostgreSQL sessions a second at 1,000 messages a second.
	sqldb.SetMaxOpenConns(20)
	sqldb.SetMaxIdleConns(20)
	sqldb.SetConnMaxIdleTime(5 * time.Minute)
	return finishOpen(ctx, sqldb, Postgres)
}

func finishOpen(ctx context.Context, sqldb *sql.DB, d Dialect) (*DB, error) {
	pingCtx, cancel := context.WithTimeout(ctx, 10*time.Second)
	defer cancel()
	if err := sqldb.PingContext(pingCtx); err != nil {
		sqldb.Close()
		return nil, fmt.Errorf("store: unable to reach the %s database: %w", d, err)
	}
	var format sq.PlaceholderFormat = sq.Question
	if d == Postgres {
		format = sq.Dollar
	}
	return &DB{SQL: sqldb, Dialect: d, Q: sq.StatementBuilder.PlaceholderFormat(format), stmts: &stmtCache{m: map[string]*sql.Stmt{}},
		revocations: make(chan struct{}, 1)}, nil
}

// Close closes the pool.
func (db *DB) Close() error {
	db.stmts.close()
	return db.SQL.Close()
}

// Ping checks that the database answers.
func (db *DB) Ping(ctx context.Context) error { return db.SQL.PingContext(ctx) }

// Migrate applies every embedded migration not yet applied. Several servers starting at once on one
// PostgreSQL take turns through an advisory lock.
func (db *DB) Migrate(ctx context.Context) ([]string, error) {
	sub, err := fs.Sub(migrations, "migrations/"+string(db.Dialect))
	if err != nil {
		return nil, err
	}
	var opts []goose.ProviderOption
	if db.Dialect == Postgres {
		locker, err := lock.NewPostgresSessionLocker()
		if err != nil {
			return nil, err
		}
		opts = append(opts, goose.WithSessionLocker(locker))
	}
	gd := goose.DialectSQLite3
	if db.Dialect == Postgres {
		gd = goose.DialectPostgres
	}
	p, err := goose.NewProvider(gd, db.SQL, sub, opts...)
	if err != nil {
		return nil, fmt.Errorf("store: unable to load migrations: %w", err)
	}
	results, err := p.Up(ctx)
	if err != nil {
		return nil, fmt.Errorf("store: unable to migrate: %w", err)
	}
	var applied []string
	for _, r := range results {
		applied = append(applied, r.Source.Path)
	}
	return applied, nil
}

// InTx runs fn in a transaction, committing when it returns nil and rolling back otherwise.
func (db *DB) InTx(ctx context.Context, fn func(tx *sql.Tx) error) error {
	tx, err := db.SQL.BeginTx(ctx, nil)
	if err != nil {
		return fmt.Errorf("store: unable to begin: %w", err)
	}
	if err := fn(tx); err != nil {
		_ = tx.Rollback()
		return err
	}
	if err := tx.Commit(); err != nil {
		return fmt.Errorf("store: unable to commit: %w", mapErr(err))
	}
	return nil
}

// ContainsLike returns a case-insensitive substring condition on col, with LIKE wildcards in the value
// taken literally.
func (db *DB) ContainsLike(col, value string) sq.Sqlizer {
	esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(value)
	op := "LIKE"
	if db.Dialect == Postgres {
		op = "ILIKE"
	}
	return sq.Expr(col+" "+op+" ? ESCAPE '\\'", "%"+esc+"%")
}

// mapErr turns constraint failures of either database into ErrConflict, keeping the cause.
func mapErr(err error) error {
	if err == nil {
		return nil
	}
	if errors.Is(err, sql.ErrNoRows) {
		return ErrNotFound
	}
	var se *sqlite.Error
	if errors.As(err, &se) {
		switch se.Code() {
		case sqlite3.SQLITE_CONSTRAINT_UNIQUE, sqlite3.SQLITE_CONSTRAINT_PRIMARYKEY, sqlite3.SQLITE_CONSTRAINT_FOREIGNKEY:
			return fmt.Errorf("%w: %v", ErrConflict, err)
		case sqlite3.SQLITE_CONSTRAINT_CHECK, sqlite3.SQLITE_CONSTRAINT_NOTNULL, sqlite3.SQLITE_TOOBIG, sqlite3.SQLITE_MISMATCH:
			return fmt.Errorf("%w: %v", ErrBadData, err)
		}
	}
	var pe *pgconn.PgError
	if errors.As(err, &pe) && (pe.Code == "23505" || pe.Code == "23503") {
		return fmt.Errorf("%w: %v", ErrConflict, err)
	}
	if errors.As(err, &pe) && (pe.Code == "40P01" || pe.Code == "40001") {
		return fmt.Errorf("%w: %v", ErrRetry, err)
	}
	if errors.As(err, &pe) && (strings.HasPrefix(pe.Code, "22") || pe.Code == "23502" || pe.Code == "23514") {
		return fmt.Errorf("%w: %v", ErrBadData, err)
	}
	// A query cancelled by its deadline (or PostgreSQL's statement_timeout) is a time-out, whichever driver.
	if (errors.As(err, &pe) && pe.Code == "57014") || (errors.As(err, &se) && se.Code() == sqlite3.SQLITE_INTERRUPT) {
		return fmt.Errorf("%w: %v", context.DeadlineExceeded, err)
	}
	return err
}

// wrap maps err and prefixes it with what the store was doing.
func wrap(err error, doing string) error {
	if err == nil {
		return nil
	}
	err = mapErr(err)
	if errors.Is(err, ErrNotFound) {
		return err
	}
	return fmt.Errorf("store: unable to %s: %w", doing, err)
}

// JobTimeout bounds one step of background work (a batch of readings, a sweep, a delivery), so that no
// query of it runs unbounded; calls get theirs from the API (config.QueryTimeout).
const JobTimeout = 30 * time.Second

// statementTimeout is PostgreSQL's own backstop: no statement runs longer, whatever its caller forgot.
const statementTimeout = "900000" // 15 minutes, longer than the longest export

// Bounded gives one step of background work its time limit.
func Bounded(ctx context.Context) (context.Context, context.CancelFunc) {
	return context.WithTimeout(ctx, JobTimeout)
}

// NowMs is the current time in epoch milliseconds, the unit of every stored time.
func NowMs() int64 { return time.Now().UnixMilli() }

func redactURL(raw string) string {
	u, err := url.Parse(raw)
	if err != nil || u.User == nil {
		return raw
	}
	u.User = url.User(u.User.Username())
	return u.String()
}

func isNoRows(err error) bool { return errors.Is(err, sql.ErrNoRows) }
