// The page's engine under node (no browser): wasi.js's loader on catlayout.wasm, a few requests.
// usage: node playground/tests/node_test.mjs SITE_DIR '{"do":"op",...}'...
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

const site = process.argv[2];
globalThis.fetch = async (url) =>
  new Response(fs.readFileSync(path.join(site, url)), { headers: { 'Content-Type': 'application/wasm' } });
vm.runInThisContext(fs.readFileSync(path.join(site, 'wasi.js'), 'utf8') + '\nglobalThis.loadCatlayout = loadCatlayout;');
const t0 = performance.now();
const engine = await globalThis.loadCatlayout('catlayout.wasm');
console.error(`loaded in ${Math.round(performance.now() - t0)} ms`);
for (const req of process.argv.slice(3)) console.log(engine.callText(req));
