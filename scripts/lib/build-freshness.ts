import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

function newestMtime(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  // A deleted file changes its folder's mtime, so folders count as well as files.
  return readdirSync(path, { recursive: true, encoding: 'utf8' }).reduce(
    (newest, entry) => Math.max(newest, statSync(join(path, entry)).mtimeMs),
    stat.mtimeMs,
  );
}

/** A build output is fresh when it exists and none of its inputs (files or folders) changed since. */
export function isFresh(output: string, inputs: readonly string[]): boolean {
  if (!existsSync(output)) return false;
  const built = statSync(output).mtimeMs;
  return inputs.every((input) => newestMtime(input) <= built);
}
