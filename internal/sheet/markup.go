package sheet

import "bytes"

// markup counts, as a part is unpacked, what an XML decoder would build from it. A small part can cost
// far more to parse than its size suggests. Measured with excelize: 18 s over a 90 MiB row of empty
// cells, 6 s over a single 90 MiB text, 4 s and 600 MB over 8 MiB of cell formats, 7 s and 670 MB over
// 2 million empty shared strings, 2 s and 290 MB over 8 MiB of nested elements; and it matches every
// sheet against every relationship of the workbook, so sheets cost the square of their number. So the
// elements and attributes, the items excelize holds one by one, the nesting, and the length of each
// text, tag and attribute value are bounded.
//
// The count stops where a decoder stops, at a byte XML does not allow: the pictures and printer settings
// an .xlsx holds end it within a few bytes, while a part of any name, which excelize could be pointed
// at as a worksheet, is counted. Where it cannot tell (a comment, a CDATA section) it counts more, never
// less, than a decoder builds.
type markup struct {
	left    *budget
	decoded bool // excelize decodes the part whole, rather than streaming it
	sst     bool // the shared strings

	state byte
	kind  byte // what follows '<': '/', '!', '?', or 0 for a start tag
	last  byte // the tag's last byte outside quotes: '/' ends an empty element
	quote byte
	name  []byte // the start tag's name, its first bytes
	named bool   // the name has been read
	attrs int
	depth int
	run   int // bytes of the text, tag or attribute value being read
}

// budget is what the rest of a file may hold.
type budget struct {
	markup  int64 // elements and attributes
	decoded int64 // of those, in parts excelize decodes whole
	strings int64 // shared string items
	sheets  int64 // sheets the workbook lists
}

func newBudget() *budget {
	return &budget{markup: MaxMarkup, decoded: MaxDecodedMarkup, strings: MaxSharedStrings, sheets: MaxSheets}
}

const (
	inText = iota
	tagStart
	inTag
	inQuote
	notXML
)

// errMarkup is returned by write when a limit is passed.
type errMarkup struct{}

func (errMarkup) Error() string { return "sheet: too much markup" }

// illegal marks the bytes below 0x20 that XML does not allow; a decoder stops at the first. textEnd
// marks them and '<', where text ends.
var illegal, textEnd = func() (il, te [256]bool) {
	for b := range 0x20 {
		il[b] = b != '\t' && b != '\n' && b != '\r'
	}
	te = il
	te['<'] = true
	return il, te
}()

func space(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

func (m *markup) write(p []byte) error {
	for i := 0; i < len(p); i++ {
		if m.state == inText { // most of a part: run through it
			j := i
			for j < len(p) && !textEnd[p[j]] {
				j++
			}
			if m.run += j - i; m.run > MaxRun {
				return errMarkup{}
			}
			if i = j; i == len(p) {
				return nil
			}
		} else if m.run++; m.run > MaxRun {
			return errMarkup{}
		}
		c := p[i]
		if illegal[c] {
			m.state = notXML
		}
		switch m.state {
		case notXML:
			return nil
		case inText:
			m.state, m.run = tagStart, 0
		case tagStart:
			m.kind, m.last, m.attrs, m.state, m.named = 0, 0, 0, inTag, false
			if c == '/' || c == '!' || c == '?' {
				m.kind, m.named = c, true
			}
			m.name = append(m.name[:0], c)
		case inTag:
			if !m.named {
				if err := m.naming(c); err != nil {
					return err
				}
			}
			switch c {
			case '"', '\'':
				m.quote, m.state, m.run = c, inQuote, 0
			case '=':
				if m.kind == 0 {
					if m.attrs++; m.attrs > MaxTagAttributes {
						return errMarkup{}
					}
					if err := m.spend(); err != nil {
						return err
					}
				}
			case '>':
				m.state, m.run = inText, 0
				if err := m.endTag(); err != nil {
					return err
				}
				continue
			}
			if !space(c) {
				m.last = c
			}
		case inQuote:
			if c == m.quote {
				m.state, m.run = inTag, 0
			}
		}
	}
	return nil
}

// spend counts an element or an attribute.
func (m *markup) spend() error {
	m.left.markup--
	if m.decoded {
		m.left.decoded--
	}
	if m.left.markup < 0 || m.left.decoded < 0 {
		return errMarkup{}
	}
	return nil
}

// naming reads a byte of a start tag's name, and counts the items excelize holds one by one when the
// name ends.
func (m *markup) naming(c byte) error {
	if !space(c) && c != '/' && c != '>' {
		if len(m.name) < 16 {
			m.name = append(m.name, c)
		}
		return nil
	}
	m.named = true
	switch string(m.name[bytes.LastIndexByte(m.name, ':')+1:]) { // the local name
	case "si":
		if m.sst {
			if m.left.strings--; m.left.strings < 0 {
				return errMarkup{}
			}
		}
	case "sheet":
		if m.left.sheets--; m.left.sheets < 0 {
			return errMarkup{}
		}
	}
	return nil
}

func (m *markup) endTag() error {
	switch {
	case m.kind == '/':
		m.depth = max(m.depth-1, 0)
		return nil
	case m.kind != 0:
		return nil // a comment, a declaration, a processing instruction
	}
	if err := m.spend(); err != nil {
		return err
	}
	if m.last != '/' {
		if m.depth++; m.depth > MaxDepth {
			return errMarkup{}
		}
	}
	return nil
}
