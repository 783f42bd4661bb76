// `npm run lint:layers`, after dependency-cruiser: services, jobs and the web server reach the
// database only through src/data (repos, db): no query builder call, no raw SQL of their own
// (docs/architecture.md "Layers"). An import rule cannot see `deps.db.selectFrom(…)`, so this
// reads the code. Tests are exempt (they set rows up directly).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const ROOTS = ['src/core', 'src/worker', 'src/server'];
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom)\(|\bsql(`|<|\.raw\b|\.ref\b|\.lit\b)|from 'kysely'/;

function* sources(dir: string): Generator<string> {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) yield* sources(path);
    else if (/\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name)) yield path;
  }
}

const found: string[] = [];
for (const root of ROOTS) {
  for (const file of sources(root)) {
    readFileSync(file, 'utf8')
      .split('\n')
      .forEach((line, i) => {
        // A type-only import of kysely (Transaction, Selectable, …) queries nothing.
        if (/^import type /.test(line)) return;
        if (QUERY.test(line)) found.push(`${file}:${i + 1}: ${line.trim()}`);
      });
  }
}

if (found.length > 0) {
  console.error(`db-through-repos: ${found.length} place(s) outside src/data query the database; move the query into a repo (src/data/repos):`);
  for (const line of found) console.error(`  ${line}`);
  process.exit(1);
}
console.log('db-through-repos: no queries outside src/data');
