#!/usr/bin/env bash
# The playground (playground/README.md): build the page if it is missing or older than its sources,
# then serve it on http://127.0.0.1:PORT/ (PORT default 8000) until Ctrl-C.
#   usage: bash scripts/playground.sh [PORT]      (OUT=DIR: where the build goes, default build-playground)
set -euo pipefail
repo=$(cd "$(dirname "$0")/.." && pwd)
out=${OUT:-$repo/build-playground}
port=${1:-8000}
bash "$repo/playground/build.sh" "$out"
echo "catlayout playground: http://127.0.0.1:$port/  (Ctrl-C stops it)"
# .wasm must be served as application/wasm for WebAssembly.instantiateStreaming.
exec python3 -c '
import functools, http.server, sys
h = functools.partial(http.server.SimpleHTTPRequestHandler, directory=sys.argv[1])
h.func.extensions_map = {**h.func.extensions_map, ".wasm": "application/wasm"}
http.server.ThreadingHTTPServer(("127.0.0.1", int(sys.argv[2])), h).serve_forever()
' "$out/site" "$port"
