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
	"irgas/internal/i18n"
	"irgas/internal/permission"
	"irgas/internal/store"
	"irgas/internal/validate"
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

// parseAccount parses the flags and the positional ACCOUNT, which may come before or after them.
func parseAccount(fs *flag.FlagSet, args []string) (string, error) {
	var account string
	if len(args) > 0 && !strings.HasPrefix(args[0], "-") {
		account, args = args[0], args[1:]
	}
	if err := fs.Parse(args); err != nil {
		return "", err
	}
	if account == "" && fs.NArg() > 0 {
		account = fs.Arg(0)
	}
	if account == "" {
		fs.Usage()
		return "", errors.New("ACCOUNT is required")
	}
	return account, nil
}

// openDB opens a migrated database.
func openDB(ctx context.Context, cfg *config.Config) (*store.DB, error) {
	db, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return nil, err
	}
	if _, err := db.Migrate(ctx); err != nil {
		db.Close()
		return nil, err
	}
	return db, nil
}

// newUser is what `user create` is given, checked with the API's rules for a user (docs/api.md, Users;
// the name may be left out here) before anything is written. `user reset-password` checks its password as
// the API's reset does (auth.PasswordInput).
type newUser struct {
	Account  string `json:"account" validate:"required,account"`
	Password string `json:"password" validate:"required,password"`
	Name     string `json:"name" validate:"max=50"`
}

// checkRules applies the API's rules to in (trimming its text as the API does) and names, for each value
// that breaks one, the argument that gave it (labels, by field) and the rule.
func checkRules(in any, labels map[string]string) error {
	fields := validate.Check(i18n.EN, in)
	if len(fields) == 0 {
		return nil
	}
	msgs := make([]string, len(fields))
	for i, f := range fields {
		msgs[i] = fmt.Sprintf("invalid %s: %s", labels[f.Field], f.Msg)
	}
	return errors.New(strings.Join(msgs, "; "))
}

func userResetPassword(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	var password string
	fs := newFlags("user reset-password", "user reset-password ACCOUNT [--password P]", stdout)
	config.DatabaseFlags(fs, &cfg)
	fs.StringVar(&password, "password", "", "the new password, 8 to 64 characters with letters and digits (generated and printed if empty)")
	account, err := parseAccount(fs, args)
	if err != nil {
		return err
	}
	// The account is looked up as given: one created before the rules can still be reset.
	if err := checkRules(&auth.PasswordInput{Password: password}, map[string]string{"password": "--password"}); err != nil {
		return err
	}
	db, err := openDB(ctx, &cfg)
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
	res, err := auth.SetPassword(ctx, db, u.ID, account, password)
	if err != nil {
		return err
	}
	if res.Password != "" {
		fmt.Fprintf(stdout, "new password for %s: %s\n", account, res.Password)
	} else {
		fmt.Fprintf(stdout, "password of %s changed\n", account)
	}
	fmt.Fprintln(stdout, "every session of the account was signed out")
	return nil
}

func userCreate(ctx context.Context, args []string, stdout io.Writer) error {
	var cfg config.Config
	var password, name, codes string
	fs := newFlags("user create", "user create ACCOUNT --password P [--name N] [--permissions A,B]\n\nACCOUNT: 4 to 32 letters, digits, _, . or -", stdout)
	config.DatabaseFlags(fs, &cfg)
	fs.StringVar(&password, "password", "", "the password (required): 8 to 64 characters with letters and digits")
	fs.StringVar(&name, "name", "", "display name")
	fs.StringVar(&codes, "permissions", "", "comma-separated permission codes, e.g. RoleManagement,RoleManagement:create")
	account, err := parseAccount(fs, args)
	if err != nil {
		return err
	}
	if password == "" {
		return errors.New("--password is required")
	}
	in := newUser{Account: account, Password: password, Name: name}
	if err := checkRules(&in, map[string]string{"account": fmt.Sprintf("ACCOUNT %q", account), "password": "--password",
		"name": "--name"}); err != nil {
		return err
	}
	account, name = in.Account, in.Name // trimmed, as the API stores them
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
	db, err := openDB(ctx, &cfg)
	if err != nil {
		return err
	}
	defer db.Close()
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
