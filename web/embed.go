// Package web embeds the built console (web/dist/app, made by `npm run build`) into the irgas binary.
package web

import (
	"embed"
	"io/fs"
)

//go:embed all:dist
var dist embed.FS

// Console returns the built console's files; without a build it holds no index.html and the server
// answers with a page that says how to build it.
func Console() fs.FS {
	sub, err := fs.Sub(dist, "dist/app")
	if err != nil {
		panic(err)
	}
	return sub
}
