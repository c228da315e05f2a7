package gateway

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	paho "github.com/eclipse/paho.mqtt.golang"

	"irgas/internal/store"
)

// The platform provisions an external Mosquitto through its dynamic security plugin: each device is a
// client of the plugin (user name = IMEI, password = the device's secret) with a role of its own that lets
// it publish only to its up and ack topics and subscribe only to its down topic. The platform's account
// (the plugin's administrator) gets a role that lets it take every device's messages and send commands.
// Commands go to the plugin's control topic and its answers come back on the response topic.
const (
	dynsecTopic    = "$CONTROL/dynamic-security/v1"
	dynsecResponse = dynsecTopic + "/response"
	platformRole   = "irgas-platform"
	// accountBatch bounds the devices handled in one control message: Mosquitto saves its whole account
	// file once per message, so many commands a message keep a large fleet's changes cheap.
	accountBatch = 100
)

// dynsecCmd is one command of the plugin's control API.
type dynsecCmd map[string]any

// dynsecReply is the plugin's answer to one command.
type dynsecReply struct {
	Command         string          `json:"command"`
	Error           string          `json:"error"`
	CorrelationData string          `json:"correlationData"`
	Data            json.RawMessage `json:"data"`
}

// accounts sends control messages and matches the answers (every instance receives every answer; each
// takes those its correlation data names).
type accounts struct {
	prefix  string
	next    atomic.Uint64
	mu      sync.Mutex
	waiting map[string]chan dynsecReply
}

func (a *accounts) answer(_ paho.Client, m paho.Message) {
	m.Ack()
	var body struct {
		Responses []dynsecReply `json:"responses"`
	}
	if err := json.Unmarshal(m.Payload(), &body); err != nil {
		return
	}
	a.mu.Lock()
	defer a.mu.Unlock()
	for _, r := range body.Responses {
		if ch, ok := a.waiting[r.CorrelationData]; ok {
			ch <- r
			delete(a.waiting, r.CorrelationData)
		}
	}
}

// run sends cmds in one control message and waits for all their answers (up to 10 s).
func (a *accounts) run(ctx context.Context, c paho.Client, cmds []dynsecCmd) ([]dynsecReply, error) {
	if len(cmds) == 0 {
		return nil, nil
	}
	chans := make([]chan dynsecReply, len(cmds))
	keys := make([]string, len(cmds))
	a.mu.Lock()
	if a.waiting == nil {
		a.waiting = map[string]chan dynsecReply{}
	}
	for i, cmd := range cmds {
		keys[i] = a.prefix + ":" + strconv.FormatUint(a.next.Add(1), 10)
		cmd["correlationData"] = keys[i]
		chans[i] = make(chan dynsecReply, 1)
		a.waiting[keys[i]] = chans[i]
	}
	a.mu.Unlock()
	defer func() {
		a.mu.Lock()
		for _, k := range keys {
			delete(a.waiting, k)
		}
		a.mu.Unlock()
	}()
	payload, err := json.Marshal(map[string]any{"commands": cmds})
	if err != nil {
		return nil, err
	}
	// QoS 0: the answer is the acknowledgement, and a command must not be sent again by the client library
	// on the next connection (the broker closes the platform's connection when its roles change, and paho's
	// resending of a message in flight then races with its writer).
	tok := c.Publish(dynsecTopic, 0, false, payload)
	if !tok.WaitTimeout(10*time.Second) || tok.Error() != nil {
		return nil, fmt.Errorf("the broker did not take the account commands: %v", tok.Error())
	}
	out := make([]dynsecReply, len(cmds))
	deadline := time.After(10 * time.Second)
	for i, ch := range chans {
		select {
		case out[i] = <-ch:
		case <-deadline:
			return nil, errors.New("the broker's dynamic security plugin did not answer (is it loaded, and is the platform's account its administrator?)")
		case <-ctx.Done():
			return nil, ctx.Err()
		}
	}
	return out, nil
}

// deviceRole names the role that confines one device to its topics.
func deviceRole(imei string) string { return "irgas-device-" + imei }

// tolerated are the plugin's answers that mean the broker already is as asked.
func tolerated(reply dynsecReply) bool {
	switch reply.Error {
	case "", "Client not found", "Role not found", "Role already exists", "ACL with this topic already exists":
		return true
	}
	return strings.Contains(reply.Error, "already")
}

// errSetupKicked means the platform's account was just given its role: the broker closes the account's
// connections when its roles change, and the reconnection finds the set-up complete.
var errSetupKicked = errors.New("the platform's account got its role at the broker; reconnecting")

// roleACL is one rule of a role.
type roleACL struct {
	Type  string `json:"acltype"`
	Topic string `json:"topic"`
	Allow bool   `json:"allow"`
}

// platformACLs let the platform take every device's messages (directly or through the shared
// subscriptions) and send commands.
func (x *External) platformACLs() []roleACL {
	share := "$share/" + x.opts.Group + "/" + topicPrefix + "+"
	all := topicPrefix + "+"
	return []roleACL{
		{"publishClientSend", all + downSuffix, true},
		{"subscribePattern", share + upSuffix, true}, {"subscribePattern", share + ackSuffix, true},
		{"subscribePattern", all + upSuffix, true}, {"subscribePattern", all + ackSuffix, true},
		{"publishClientReceive", all + upSuffix, true}, {"publishClientReceive", all + ackSuffix, true},
	}
}

// SetupAccounts makes the broker refuse what no role allows (publishing and subscribing) and gives the
// platform's own account the right to take every device's messages and send commands: the only account
// that may use other devices' topics. Every instance runs it as it connects; it changes only what is
// missing, because the broker closes the connections of an account whose roles change.
func (x *External) SetupAccounts(ctx context.Context) error {
	replies, err := x.accounts.run(ctx, x.client, []dynsecCmd{
		{"command": "setDefaultACLAccess", "acls": []map[string]any{
			{"acltype": "publishClientSend", "allow": false},
			{"acltype": "publishClientReceive", "allow": true},
			{"acltype": "subscribe", "allow": false},
			{"acltype": "unsubscribe", "allow": true},
		}},
		{"command": "getRole", "rolename": platformRole},
		{"command": "getClient", "username": x.opts.Username},
	})
	if err != nil {
		return err
	}
	if replies[0].Error != "" || replies[2].Error != "" {
		return fmt.Errorf("setting up the broker's accounts: %s%s", replies[0].Error, replies[2].Error)
	}
	var role struct {
		Role struct {
			ACLs []roleACL `json:"acls"`
		} `json:"role"`
	}
	var client struct {
		Client struct {
			Roles []struct {
				Name string `json:"rolename"`
			} `json:"roles"`
		} `json:"client"`
	}
	_ = json.Unmarshal(replies[1].Data, &role)
	_ = json.Unmarshal(replies[2].Data, &client)
	var cmds []dynsecCmd
	if replies[1].Error == "Role not found" {
		cmds = append(cmds, dynsecCmd{"command": "createRole", "rolename": platformRole, "acls": x.platformACLs()})
	} else {
		for _, want := range x.platformACLs() {
			if !slices.Contains(role.Role.ACLs, want) {
				cmds = append(cmds, dynsecCmd{"command": "addRoleACL", "rolename": platformRole, "acltype": want.Type,
					"topic": want.Topic, "allow": true})
			}
		}
	}
	kicked := len(cmds) > 0 && replies[1].Error != "Role not found" // a role's new rule closes its holders' connections
	if !slices.ContainsFunc(client.Client.Roles, func(r struct {
		Name string `json:"rolename"`
	}) bool {
		return r.Name == platformRole
	}) {
		cmds = append(cmds, dynsecCmd{"command": "addClientRole", "username": x.opts.Username, "rolename": platformRole, "priority": 100})
		kicked = true
	}
	if len(cmds) == 0 {
		return nil
	}
	replies, err = x.accounts.run(ctx, x.client, cmds)
	if kicked {
		// The broker may close the connection before its answers arrive: the next connection's check is
		// what counts.
		return errSetupKicked
	}
	if err != nil {
		return err
	}
	for _, r := range replies {
		if !tolerated(r) {
			return fmt.Errorf("setting up the broker's accounts: %s: %s", r.Command, r.Error)
		}
	}
	return nil
}

// SyncAccounts brings the broker's accounts in line with up to accountBatch queued devices, and reports how
// many it handled. A device whose account could not be made (its secret predates provisioning) is logged.
func (x *External) SyncAccounts(ctx context.Context) (int, error) {
	changes, err := x.db.BrokerChanges(ctx, accountBatch)
	if err != nil || len(changes) == 0 {
		return 0, err
	}
	var cmds []dynsecCmd
	spans := make([][2]int, len(changes)) // each change's commands
	results := make([]*store.BrokerAccount, len(changes))
	for i, ch := range changes {
		start := len(cmds)
		cmds = append(cmds, accountCommands(ch, &results[i])...)
		spans[i] = [2]int{start, len(cmds)}
	}
	replies, err := x.accounts.run(ctx, x.client, cmds)
	if err != nil {
		return 0, err
	}
	done := 0
	for i, ch := range changes {
		failed := ""
		for _, r := range replies[spans[i][0]:spans[i][1]] {
			if !tolerated(r) {
				failed = r.Command + ": " + r.Error
			}
		}
		if failed != "" {
			slog.Warn("mqtt: the broker refused a device's account change; it is tried again", "device", ch.DeviceID, "err", failed)
			continue
		}
		if ch.Device != nil && results[i] == nil {
			slog.Warn("mqtt: the device has no account at the broker: give it a new secret so that it can connect",
				"device", ch.DeviceID, "imei", ch.Device.Username)
		}
		if err := x.db.BrokerChangeDone(ctx, ch, results[i]); err != nil {
			return done, err
		}
		done++
	}
	return done, nil
}

// accountCommands are the plugin commands that make the broker's account for a device what the device is
// now; *result is set to the account the broker has once they succeed (nil: none).
func accountCommands(ch store.BrokerChange, result **store.BrokerAccount) []dynsecCmd {
	var cmds []dynsecCmd
	have, want := ch.Account, ch.Device
	remove := func(username string) {
		cmds = append(cmds, dynsecCmd{"command": "deleteClient", "username": username},
			dynsecCmd{"command": "deleteRole", "rolename": deviceRole(username)})
	}
	if have != nil && (want == nil || have.Username != want.Username) {
		remove(have.Username) // deleted, or known by another IMEI now
		have = nil
	}
	if want == nil {
		return cmds
	}
	switch {
	case ch.Secret != "" && have == nil:
		// A client left over from an attempt that was not recorded is replaced.
		remove(want.Username)
		imei := want.Username
		cmds = append(cmds, dynsecCmd{"command": "createRole", "rolename": deviceRole(imei), "acls": []roleACL{
			{"publishClientSend", UpTopic(imei), true},
			{"publishClientSend", AckTopic(imei), true},
			{"subscribeLiteral", DownTopic(imei), true},
		}}, dynsecCmd{"command": "createClient", "username": imei, "password": ch.Secret,
			"roles": []map[string]any{{"rolename": deviceRole(imei), "priority": 1}}})
		if !want.Enabled {
			cmds = append(cmds, dynsecCmd{"command": "disableClient", "username": imei})
		}
	case ch.Secret != "":
		// The broker closes the sessions opened with the old secret.
		cmds = append(cmds, dynsecCmd{"command": "setClientPassword", "username": want.Username, "password": ch.Secret})
		cmds = append(cmds, enableCommand(want))
	case have == nil:
		return cmds // no secret to give: the device cannot have an account
	case have.Enabled != want.Enabled:
		cmds = append(cmds, enableCommand(want))
	}
	*result = &store.BrokerAccount{Username: want.Username, Enabled: want.Enabled}
	return cmds
}

// enableCommand lets a device connect or (closing its sessions) stops it.
func enableCommand(want *store.BrokerAccount) dynsecCmd {
	if want.Enabled {
		return dynsecCmd{"command": "enableClient", "username": want.Username}
	}
	return dynsecCmd{"command": "disableClient", "username": want.Username}
}
