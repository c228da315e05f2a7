// Package richtext makes HTML from the rich-text editor safe to store and show: an allow-list of tags and
// attributes (bluemonday's user-generated-content policy), so that no script, event handler or
// javascript: link survives, whatever the client sends.
package richtext

import (
	"regexp"

	"github.com/microcosm-cc/bluemonday"
)

var policy = func() *bluemonday.Policy {
	p := bluemonday.UGCPolicy()
	// Images the editor uploads are served by the platform; remote images are allowed over https only.
	p.AllowURLSchemes("https", "http")
	p.RequireNoReferrerOnLinks(true)
	p.AddTargetBlankToFullyQualifiedLinks(true)
	// Text alignment from the editor's paragraphs.
	p.AllowAttrs("style").Matching(regexp.MustCompile(`^text-align:\s*(left|right|center|justify);?$`)).OnElements("p", "h1", "h2", "h3", "h4")
	return p
}()

// Sanitize returns html with everything outside the allow-list removed.
func Sanitize(html string) string { return policy.Sanitize(html) }
