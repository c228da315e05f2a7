package config

import (
	"errors"
	"fmt"
	"net"
	"syscall"
)

// Listen takes an address before anything else starts, so that a taken port ends start-up at once with a
// message naming the setting to change (flag and env) and an example of another value (hint).
func Listen(addr, what, flag, env, hint string) (net.Listener, error) {
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		if errors.Is(err, syscall.EADDRINUSE) {
			return nil, fmt.Errorf("the %s address %s is already in use; choose another with --%s or %s (%s)", what, addr, flag, env, hint)
		}
		return nil, fmt.Errorf("cannot listen on %s (set --%s or %s): %w", addr, flag, env, err)
	}
	return ln, nil
}
