package permission

import "sort"

// Set is the effective permission of a signed-in user: its codes, or everything for the super-administrator.
type Set struct {
	admin bool
	codes map[string]struct{}
}

// Admin is the set of the platform super-administrator `admin`, who passes every check.
func Admin() Set { return Set{admin: true} }

// NewSet holds codes. For a company user (company true) platform-only codes are dropped, so that a code
// granted by mistake can never open a platform call.
func NewSet(codes []string, company bool) Set {
	s := Set{codes: make(map[string]struct{}, len(codes))}
	for _, c := range codes {
		if !Exists(c) || (company && PlatformOnly(c)) {
			continue
		}
		s.codes[c] = struct{}{}
	}
	return s
}

// IsAdmin reports whether this is the super-administrator's set.
func (s Set) IsAdmin() bool { return s.admin }

// Has reports whether the set passes the check for code; the empty code passes for everyone.
func (s Set) Has(code string) bool {
	if code == "" || s.admin {
		return true
	}
	_, ok := s.codes[code]
	return ok
}

// Codes lists the codes held, sorted; for the super-administrator every code.
func (s Set) Codes() []string {
	if s.admin {
		return All()
	}
	out := make([]string, 0, len(s.codes))
	for c := range s.codes {
		out = append(out, c)
	}
	sort.Strings(out)
	return out
}

// Missing returns the first of codes the set does not hold, or "" if it holds them all. It is the
// no-escalation rule: nobody grants what they do not hold.
func (s Set) Missing(codes []string) string {
	for _, c := range codes {
		if !s.Has(c) {
			return c
		}
	}
	return ""
}
