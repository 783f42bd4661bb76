// `npm run lint:docs` (run by `npm test` beside lint:layers): every path the Markdown files of the
// repository name — `src/…`, `tests/…`, `scripts/…`, `docs/…`, `migrations/…`, and relative links
// `[…](../x.md)` — must exist, so a moved or renamed file cannot leave the docs pointing at nothing.
// A path may name a module without its extension (`src/client/feedback/alert-store`) or hold a `*`
// (`tests/integration/render-*.test.ts`). A path into another machine's folders (`/work/…`) is
// refused outright: the docs cite only what is in the repository.
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';

const tracked = execFileSync('git', ['ls-files', '-co', '--exclude-standard'], { encoding: 'utf8' }).split('\n').filter(Boolean);
const markdown = tracked.filter((file) => file.endsWith('.md'));

const ROOT_PATH = /(?<![\w./@-])((?:src|tests|scripts|docs|migrations|\.ci)\/[\w./*@-]*[\w*-])/g;
const LINK = /\]\((?!https?:|mailto:|#)([^)\s#]+)(?:#[^)]*)?\)/g;
const OUTSIDE = /(?<![\w.-])\/work\/[\w./-]+/g;

function exists(path: string): boolean {
  if (path.includes('*')) {
    const pattern = new RegExp(`^${path.replace(/[.+?^${}()|[\]\\]/g, '\\$&').replace(/\*/g, '[^/]*')}(\\.tsx?)?$`);
    return tracked.some((file) => pattern.test(file));
  }
  return ['', '.ts', '.tsx', '/'].some((ext) => existsSync(path + ext));
}

const missing: string[] = [];
for (const file of markdown) {
  const lines = readFileSync(file, 'utf8').split('\n');
  lines.forEach((line, i) => {
    const where = `${file}:${i + 1}`;
    for (const [, path] of line.matchAll(ROOT_PATH)) if (!exists(path.replace(/\.$/, ''))) missing.push(`${where}: ${path}`);
    for (const [, link] of line.matchAll(LINK)) if (!exists(normalize(join(dirname(file), decodeURI(link))))) missing.push(`${where}: ${link}`);
    for (const [path] of line.matchAll(OUTSIDE)) missing.push(`${where}: ${path} (outside the repository)`);
  });
}

if (missing.length > 0) {
  console.error(`doc-paths: ${missing.length} path(s) in the docs name nothing in the repository:`);
  for (const line of missing) console.error(`  ${line}`);
  process.exit(1);
}
console.log(`doc-paths: every path in ${markdown.length} Markdown files exists`);
