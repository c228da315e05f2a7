package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"time"
)

// clockTicks is the unit of /proc/<pid>/stat's CPU times (getconf CLK_TCK; 100 on Linux almost always).
func clockTicks() float64 {
	out, err := exec.Command("getconf", "CLK_TCK").Output()
	if err == nil {
		if n, err := strconv.Atoi(strings.TrimSpace(string(out))); err == nil && n > 0 {
			return float64(n)
		}
	}
	return 100
}

// procTicks reads a process's CPU time from /proc/<pid>/stat, in clock ticks: utime+stime, and, when
// children is set, also cutime+cstime (the CPU of its children it has reaped).
func procTicks(pid int, children bool) (int64, error) {
	b, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return 0, err
	}
	// The command name (field 2) is in parentheses and may hold spaces: count fields after its last ')'.
	s := string(b)
	i := strings.LastIndexByte(s, ')')
	if i < 0 {
		return 0, fmt.Errorf("/proc/%d/stat: unexpected format", pid)
	}
	f := strings.Fields(s[i+1:])
	// f[0] is field 3 (state); utime, stime, cutime, cstime are fields 14–17.
	if len(f) < 15 {
		return 0, fmt.Errorf("/proc/%d/stat: too few fields", pid)
	}
	last := 12
	if children {
		last = 14
	}
	var sum int64
	for k := 11; k <= last; k++ {
		v, err := strconv.ParseInt(f[k], 10, 64)
		if err != nil {
			return 0, err
		}
		sum += v
	}
	return sum, nil
}

// postgresTicks sums the CPU of every process named postgres on the machine, the reaped children's
// included: a backend that ended between two readings is counted through the postmaster's cutime/cstime,
// so the difference of two sums is what PostgreSQL used in between, whatever connections came and went. It is
// the whole server's: other databases' work on the same PostgreSQL is in it.
func postgresTicks() (int64, int) {
	dirs, _ := filepath.Glob("/proc/[0-9]*")
	var sum int64
	n := 0
	for _, d := range dirs {
		comm, err := os.ReadFile(d + "/comm")
		if err != nil || strings.TrimSpace(string(comm)) != "postgres" {
			continue
		}
		pid, err := strconv.Atoi(filepath.Base(d))
		if err != nil {
			continue
		}
		if t, err := procTicks(pid, true); err == nil {
			sum += t
			n++
		}
	}
	return sum, n
}

// selfCPU is this process's CPU (the load generator's devices, the pollers), user and system.
func selfCPU() time.Duration {
	var ru syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &ru)
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
