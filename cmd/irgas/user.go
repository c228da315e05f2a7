package main

import (
	"context"
	"database/sql"
	"errors"
	"flag"
	"fmt"
	"io"
	"strings"

	"irgas/internal/auth"
	"irgas/internal/config"
	"irgas/internal/permission"
	"irgas/internal/store"
)

func user(ctx context.Context, args []string, stdout io.Writer) error {
	sub := ""
	if len(args) > 0 {
		sub = args[0]
	}
	switch sub {
	case "reset-password":
		return userResetPassword(ctx, args[1:], stdout)
	case "create":
		return userCreate(ctx, args[1:], stdout)
	case "", "-h", "--help", "help":
		fmt.Fprintln(stdout, "Usage: irgas user <reset-password|create> ...")
		fmt.Fprintln(stdout, "  reset-password ACCOUNT [--password P]   set a new password (generated if not given) and sign the account out everywhere")
		fmt.Fprintln(stdout, "  create ACCOUNT --password P [--name N] [--permissions A,B]   create a platform user holding those codes")
		if sub == "" {
			return errors.New("a subcommand is required")
		}
		return flag.ErrHelp
	default:
		return fmt.Errorf("unknown subcommand %q (reset-password or create)", sub)
	}
}

// openFor parses the database flags, then the positional ACCOUNT, and opens a migrated database.
func openFor(ctx context.Context, fs *flag.FlagSet, cfg *config.Config, args []string) (*store.DB, string, error) {
	// Flags may come before or after ACCOUNT.
	var account string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		account, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return nil, "", err
	}
	if account == "" && fs.NArg() > 0 {
		account = fs.Arg(0)
	}
	if account == "" {
		fs.Usage()
		return nil, "", errors.New("ACCOUNT is required")
	}
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, "", err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, "", err
	}
	return db, account, nil
}

func userResetPassword(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	var password string
	fs := newFlags("user reset-password", "user reset-password ACCOUNT [--password P]", stdout)
	config.DatabaseFlags(fs, &cfg)
	fs.StringVar(&password, "password", "", "the new password (generated and printed if empty)")
	db, account, err := openFor(ctx, fs, &cfg, args)
	if err != nil {
		return err
	}
	defer db.Close()
	u, err := db.UserByAccount(ctx, account)
	if errors.Is(err, store.ErrNotFound) {
		return fmt.Errorf("no account %q", account)
	} else if err != nil {
		return err
	}
	generated := password == ""
	if generated {
		password = auth.GeneratePassword()
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	if err := db.SetPassword(ctx, u.ID, hash); err != nil {
		return err
	}
	if generated {
		fmt.Fprintf(stdout, "new password for %s: %s\n", account, password)
	} else {
		fmt.Fprintf(stdout, "password of %s changed\n", account)
	}
	fmt.Fprintln(stdout, "every session of the account was signed out")
	return nil
}

func userCreate(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	var password, name, codes string
	fs := newFlags("user create", "user create ACCOUNT --password P [--name N] [--permissions A,B]", stdout)
	config.DatabaseFlags(fs, &cfg)
	fs.StringVar(&password, "password", "", "the password (required)")
	fs.StringVar(&name, "name", "", "display name")
	fs.StringVar(&codes, "permissions", "", "comma-separated permission codes, e.g. RoleManagement,RoleManagement:create")
	db, account, err := openFor(ctx, fs, &cfg, args)
	if err != nil {
		return err
	}
	defer db.Close()
	if password == "" {
		return errors.New("--password is required")
	}
	var list []string
	for _, c := range strings.Split(codes, ",") {
		if c = strings.TrimSpace(c); c == "" {
			continue
		}
		if !permission.Exists(c) {
			return fmt.Errorf("unknown permission code %q", c)
		}
		list = append(list, c)
	}
	hash, err := auth.HashPassword(password)
	if err != nil {
		return err
	}
	var id int64
	err = db.InTx(ctx, func(tx *sql.Tx) error {
		var err error
		id, err = db.CreateUser(ctx, tx, store.NewUser{Account: account, Name: name, PasswordHash: hash, ExtraCodes: list})
		return err
	})
	if errors.Is(err, store.ErrConflict) {
		return fmt.Errorf("the account %q already exists", account)
	} else if err != nil {
		return err
	}
	fmt.Fprintf(stdout, "created platform user %s (id %d) with %d permission code(s)\n", account, id, len(list))
	return nil
}
