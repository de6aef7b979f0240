// Runs the browser tests: bundles each tests/*.test.ts with Debian's esbuild, then runs the
// files one after another with Node's test runner (Node 18 or later), against the arcade
// binary named by WG_BINARY (default: ../build/wordgames) in Debian's Chromium (WG_CHROMIUM,
// default /usr/bin/chromium). Arguments: test file names to run only those (e.g. hand).
import { execFileSync, spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const here = path.dirname(fileURLToPath(import.meta.url));
const out = path.join(here, '..', '.build', 'tests');
const wanted = process.argv.slice(2);
const files = readdirSync(here)
  .filter((file) => file.endsWith('.test.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)));
execFileSync(process.env.WG_ESBUILD ?? 'esbuild',
             [...files.map((file) => path.join(here, file)), '--bundle', '--platform=node',
              '--format=esm', '--target=node18', `--outdir=${out}`, '--out-extension:.js=.mjs',
              '--external:playwright-core', '--external:axe-core', '--log-level=warning'],
             { stdio: 'inherit' });
let failed = 0;
for (const file of files) {
  const built = path.join(out, file.replace(/\.ts$/, '.mjs'));
  const run = spawnSync(process.execPath, ['--test', built], { stdio: 'inherit' });
  if (run.status !== 0) failed += 1;
}
if (failed > 0) {
  console.error(`${failed} of ${files.length} browser test files failed`);
  process.exit(1);
}
