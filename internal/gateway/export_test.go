package gateway

// RetainedDeviceMessages counts the messages the broker retains on device topics (none, ever; the broker's
// own $SYS topics are not for devices).
func RetainedDeviceMessages(b *Broker) int { return len(b.srv.Topics.Messages(topicPrefix + "#")) }
