// Package cluster holds the cluster test (cluster_test.go): whole `irgas serve` processes on one PostgreSQL
// behind one Mosquitto, driven by simulated devices over MQTT and HTTP while instances are killed, stopped
// and restarted and the readings table is locked, then checked for lost or doubled readings, alarms,
// SMS and command sends (docs/deployment.md). The package has no code of its own.
package cluster
