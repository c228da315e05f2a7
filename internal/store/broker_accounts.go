package store

import (
	"context"
	"database/sql"

	sq "github.com/Masterminds/squirrel"

	"irgas/internal/model"
)

// ProvisionBroker makes every change of a device's right to connect (created, imported, new secret, new
// IMEI, enabled, disabled, deleted, its company enabled or disabled) also queue the device for the external
// broker's accounts, in the same transaction. Set once at start-up, when the platform provisions the broker.
func (db *DB) ProvisionBroker() { db.brokerSync = true }

// queueSync is the one statement that queues a device (or, with from, every device from select) for the
// broker: a newer change replaces an older one, keeping a secret not yet given to the broker unless it
// brings a newer one.
const queueSyncConflict = "ON CONFLICT (device_id) DO UPDATE SET secret = COALESCE(excluded.secret, broker_sync.secret), " +
	"seq = broker_sync.seq + 1, created_at = excluded.created_at"

// QueueSecret queues a new device with its secret, in the transaction that creates it.
func (db *DB) QueueSecret(ctx context.Context, tx *sql.Tx, deviceID int64, secret string) error {
	return db.syncDevice(ctx, tx, deviceID, secret)
}

// syncDevice queues one device; secret is its new secret, or "" when the change brings none.
func (db *DB) syncDevice(ctx context.Context, q Querier, deviceID int64, secret string) error {
	if !db.brokerSync {
		return nil
	}
	_, err := exec(ctx, q, db.Q.Insert("broker_sync").Columns("device_id", "secret", "seq", "created_at").
		Values(deviceID, sql.NullString{String: secret, Valid: secret != ""}, 1, NowMs()).Suffix(queueSyncConflict))
	return wrap(err, "queue broker account")
}

// syncDevices queues new devices with their secrets, by IMEI (an import).
func (db *DB) syncDevices(ctx context.Context, q Querier, secrets map[string]string) error {
	if !db.brokerSync || len(secrets) == 0 {
		return nil
	}
	imeis := make([]string, 0, len(secrets))
	for imei := range secrets {
		imeis = append(imeis, imei)
	}
	now := NowMs()
	for start := 0; start < len(imeis); start += createDevicesPerStatement {
		chunk := imeis[start:min(start+createDevicesPerStatement, len(imeis))]
		ids := map[string]int64{}
		err := scanAll(ctx, q, db.Q.Select("id", "imei").From("devices").Where(sq.Eq{"imei": chunk}),
			func(r rowScanner) (imeiRow, error) {
				var x imeiRow
				err := r.Scan(&x.d.ID, &x.imei)
				return x, err
			}, func(x imeiRow) error {
				ids[x.imei] = x.d.ID
				return nil
			})
		if err != nil {
			return wrap(err, "queue broker accounts")
		}
		ins := db.Q.Insert("broker_sync").Columns("device_id", "secret", "seq", "created_at")
		for _, imei := range chunk {
			ins = ins.Values(ids[imei], secrets[imei], 1, now)
		}
		if _, err := exec(ctx, q, ins.Suffix(queueSyncConflict)); err != nil {
			return wrap(err, "queue broker accounts")
		}
	}
	return nil
}

// syncCompany queues every device of a company (enabled or disabled).
func (db *DB) syncCompany(ctx context.Context, q Querier, companyID int64) error {
	if !db.brokerSync {
		return nil
	}
	_, err := exec(ctx, q, db.queueSelected(db.syncSelect("id").From("devices").Where(sq.Eq{"company_id": companyID}), queueSyncConflict))
	return wrap(err, "queue broker accounts")
}

// syncSelect selects, for queueSelected, the device ids of idColumn with no secret.
func (db *DB) syncSelect(idColumn string) sq.SelectBuilder {
	// The nested SELECT keeps ? placeholders: the INSERT numbers them for the dialect.
	return sq.Select(idColumn).Column("NULL").Column("1").Column(sq.Expr("?", NowMs())).PlaceholderFormat(sq.Question)
}

// queueSelected inserts the selected rows into the queue.
func (db *DB) queueSelected(sel sq.SelectBuilder, conflict string) sq.InsertBuilder {
	return db.Q.Insert("broker_sync").Columns("device_id", "secret", "seq", "created_at").Select(sel).Suffix(conflict)
}

// enabledExpr is whether a device (d) of a company (c) may connect.
const enabledExpr = "CASE WHEN d.status = 1 AND c.status = 1 THEN 1 ELSE 0 END"

// QueueBrokerDrift queues every device whose broker account differs from it, and every account whose
// device is gone: the full comparison that a new holder of the broker lease makes once, so that changes
// made while nobody provisioned (or before provisioning was turned on) are caught up.
func (db *DB) QueueBrokerDrift(ctx context.Context) error {
	drifted := db.syncSelect("d.id").From("devices d").
		Join("companies c ON c.id = d.company_id").
		LeftJoin("broker_accounts a ON a.device_id = d.id").
		Where("a.device_id IS NULL OR a.username <> d.imei OR a.enabled <> " + enabledExpr)
	orphans := db.syncSelect("a.device_id").From("broker_accounts a").
		Where("NOT EXISTS (SELECT 1 FROM devices d WHERE d.id = a.device_id)")
	return db.InTx(ctx, func(tx *sql.Tx) error {
		for _, sel := range []sq.SelectBuilder{drifted, orphans} {
			if _, err := exec(ctx, tx, db.queueSelected(sel, "ON CONFLICT (device_id) DO NOTHING")); err != nil {
				return wrap(err, "queue broker drift")
			}
		}
		return nil
	})
}

// BrokerChange is one queued device: what it is now (nil when it was deleted), what the broker has (nil
// when it has no account for it), and the secret to give the broker ("" when there is none).
type BrokerChange struct {
	DeviceID int64
	Seq      int64
	Secret   string
	Device   *BrokerAccount
	Account  *BrokerAccount
}

// BrokerAccount is a device's account at the broker: its user name (the IMEI) and whether it may connect.
type BrokerAccount struct {
	Username string
	Enabled  bool
}

// BrokerChanges reads up to limit queued devices, oldest change first.
func (db *DB) BrokerChanges(ctx context.Context, limit int) ([]BrokerChange, error) {
	sel := db.Q.Select("s.device_id", "s.seq", "s.secret", "d.imei", enabledExpr, "a.username", "a.enabled").
		From("broker_sync s").
		LeftJoin("devices d ON d.id = s.device_id").
		LeftJoin("companies c ON c.id = d.company_id").
		LeftJoin("broker_accounts a ON a.device_id = s.device_id").
		OrderBy("s.created_at", "s.device_id").Limit(uint64(limit))
	out := []BrokerChange{}
	err := scanAll(ctx, db.SQL, sel, func(r rowScanner) (BrokerChange, error) {
		var ch BrokerChange
		var secret, imei, username sql.NullString
		var enabled, accountEnabled sql.NullInt64
		err := r.Scan(&ch.DeviceID, &ch.Seq, &secret, &imei, &enabled, &username, &accountEnabled)
		ch.Secret = secret.String
		if imei.Valid {
			ch.Device = &BrokerAccount{Username: imei.String, Enabled: enabled.Int64 == 1}
		}
		if username.Valid {
			ch.Account = &BrokerAccount{Username: username.String, Enabled: accountEnabled.Int64 == 1}
		}
		return ch, err
	}, func(ch BrokerChange) error {
		out = append(out, ch)
		return nil
	})
	return out, wrap(err, "read broker changes")
}

// BrokerChangeDone records what the broker now has for the device (nil: no account) and takes the change
// off the queue, unless a newer change came meanwhile: that one stays, secret included.
func (db *DB) BrokerChangeDone(ctx context.Context, ch BrokerChange, now *BrokerAccount) error {
	return db.InTx(ctx, func(tx *sql.Tx) error {
		if now == nil {
			if _, err := exec(ctx, tx, db.Q.Delete("broker_accounts").Where(sq.Eq{"device_id": ch.DeviceID})); err != nil {
				return wrap(err, "record broker account")
			}
		} else {
			enabled := model.StatusDisabled
			if now.Enabled {
				enabled = model.StatusEnabled
			}
			_, err := exec(ctx, tx, db.Q.Insert("broker_accounts").Columns("device_id", "username", "enabled", "updated_at").
				Values(ch.DeviceID, now.Username, enabled, NowMs()).
				Suffix("ON CONFLICT (device_id) DO UPDATE SET username = excluded.username, enabled = excluded.enabled, updated_at = excluded.updated_at"))
			if err != nil {
				return wrap(err, "record broker account")
			}
		}
		_, err := exec(ctx, tx, db.Q.Delete("broker_sync").Where(sq.Eq{"device_id": ch.DeviceID, "seq": ch.Seq}))
		return wrap(err, "record broker account")
	})
}

// DevicesWithoutBrokerAccount counts the devices the broker has no account for and nothing queued can give
// one: their secret was made before the platform provisioned the broker, so only a new secret lets them in.
func (db *DB) DevicesWithoutBrokerAccount(ctx context.Context) (int64, error) {
	var n int64
	row, err := queryRow(ctx, db.SQL, db.Q.Select("COUNT(*)").From("devices d").
		Where("NOT EXISTS (SELECT 1 FROM broker_accounts a WHERE a.device_id = d.id)").
		Where("NOT EXISTS (SELECT 1 FROM broker_sync s WHERE s.device_id = d.id)"))
	if err == nil {
		err = row.Scan(&n)
	}
	return n, wrap(err, "count devices without broker account")
}
