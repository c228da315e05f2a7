package server

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"irgas/internal/auth"
	"irgas/internal/i18n"
	"irgas/internal/ingest"
	"irgas/internal/store"
	"irgas/internal/validate"
)

// Prepare readies a migrated database for serving: the first administrator and the readings partitions.
func Prepare(ctx context.Context, db *store.DB, adminPassword string) error {
	if err := BootstrapAdmin(ctx, db, adminPassword); err != nil {
		return err
	}
	return ensurePartitions(ctx, db)
}

// ensurePartitions keeps monthly readings partitions from the month of the oldest reading a device may
// still send to two months ahead.
func ensurePartitions(ctx context.Context, db *store.DB) error {
	return db.EnsureReadingPartitions(ctx, time.Now().Add(-ingest.MaxPast-24*time.Hour), 3)
}

// BootstrapAdmin creates the platform account admin when the database has no user yet, with password
// or, if it is empty, a generated one printed once to the log. A password that breaks the API's password
// rule (internal/validate) is refused, naming the setting and the rule, and nothing is created.
func BootstrapAdmin(ctx context.Context, db *store.DB, password string) error {
	n, err := db.CountUsers(ctx)
	if err != nil {
		return err
	}
	if n > 0 {
		slog.Info("sign in with an existing account; a lost admin password is reset with `irgas user reset-password admin`")
		return nil
	}
	if bad := validate.Check(i18n.EN, &auth.PasswordInput{Password: password}); len(bad) > 0 {
		return fmt.Errorf("IRGAS_ADMIN_PASSWORD (--admin-password), the first administrator's password, is refused: %s "+
			"(or leave it empty for a generated one)", bad[0].Msg)
	}
	password, hash, generated, err := auth.NewPassword(password)
	if err != nil {
		return err
	}
	if _, err := db.CreateUser(ctx, db.SQL, store.NewUser{Account: auth.SuperAdmin, Name: "Administrator", PasswordHash: hash}); err != nil {
		return fmt.Errorf("creating the first administrator: %w", err)
	}
	if generated {
		slog.Warn("created the platform administrator with a generated password; sign in with it, it is shown only this once",
			"account", auth.SuperAdmin, "password", password)
	} else {
		slog.Info("created the platform administrator from IRGAS_ADMIN_PASSWORD", "account", auth.SuperAdmin)
	}
	return nil
}
