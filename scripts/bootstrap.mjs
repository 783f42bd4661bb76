// `npm start` / `npm test` entry. Plain Node with no dependencies, because it runs before
// `npm ci`: it makes node_modules match package-lock.json, then hands over to the TypeScript
// script (scripts/start.ts or scripts/test.ts), forwarding signals and the exit code.
import { spawn, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
process.chdir(root);

const [mode, ...rest] = process.argv.slice(2);
if (mode !== 'start' && mode !== 'test') {
  console.error('usage: node scripts/bootstrap.mjs start|test [args…]');
  process.exit(2);
}

const stampFile = 'node_modules/.acs-lock-hash';
const lockHash = createHash('sha256').update(readFileSync('package-lock.json')).digest('hex');

// Fresh when this lock file was installed before (same hash), or when npm installed after the
// lock file last changed: npm writes node_modules/.package-lock.json at the end of every install,
// so `npm ci` in CI or a developer's `npm install <pkg>` needs no second install here.
function dependenciesAreFresh() {
  if (!existsSync('node_modules/.bin/tsx')) return false;
  if (existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === lockHash) return true;
  const hidden = 'node_modules/.package-lock.json';
  return existsSync(hidden) && statSync(hidden).mtimeMs >= statSync('package-lock.json').mtimeMs;
}

function npm(args) {
  const command = process.platform === 'win32' ? 'npm.cmd' : 'npm';
  return spawnSync(command, [...args, '--no-audit', '--no-fund'], { stdio: 'inherit' }).status === 0;
}

if (!dependenciesAreFresh()) {
  console.log('▸ node_modules is missing or older than package-lock.json: running npm ci');
  const installed = npm(['ci']);
  if (!installed) {
    console.error('\n✖ Installing the dependencies failed (see above). Check the access to the npm registry; if npm ci calls the lock file out of sync, run `npm install` and commit package-lock.json.');
    process.exit(1);
  }
}
try {
  if (!existsSync(stampFile) || readFileSync(stampFile, 'utf8').trim() !== lockHash) writeFileSync(stampFile, `${lockHash}\n`);
} catch {
  // A read-only node_modules (another user's checkout) still works; the hidden lock file decides.
}

// Own process group: Ctrl-C reaches us (and npm) directly; we pass on exactly one copy, so the
// script and the app it starts see a single, clean shutdown request.
const child = spawn(process.execPath, ['--import', 'tsx', `scripts/${mode}.ts`, ...rest], {
  stdio: ['ignore', 'inherit', 'inherit'],
  detached: true,
});

let lastForward = 0;
for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
  process.on(signal, () => {
    // The terminal and npm both deliver a Ctrl-C; copies within a second are one request.
    if (Date.now() - lastForward < 1_000) return;
    lastForward = Date.now();
    child.kill(signal);
  });
}
child.on('exit', (code, signal) => process.exit(code ?? (signal === 'SIGINT' ? 130 : 1)));
