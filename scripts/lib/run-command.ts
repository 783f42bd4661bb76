import { spawn, spawnSync } from 'node:child_process';

/** Runs a command with its output on our terminal; resolves with its exit code (never rejects). */
export function runCommand(
  command: string,
  args: readonly string[],
  env: NodeJS.ProcessEnv = process.env,
): Promise<number> {
  return new Promise((resolve) => {
    const child = spawn(command, args, { stdio: ['ignore', 'inherit', 'inherit'], env });
    child.on('error', (error) => {
      console.error(`${command}: ${error.message}`);
      resolve(127);
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 128 : 1)));
  });
}

/** Runs a short command quietly and returns its stdout, or null when it fails or is missing. */
export function readCommand(command: string, args: readonly string[], timeoutMs = 15_000): string | null {
  const result = spawnSync(command, args, { encoding: 'utf8', timeout: timeoutMs });
  return result.status === 0 ? result.stdout : null;
}

export function commandExists(command: string): boolean {
  return readCommand('sh', ['-c', `command -v ${command}`]) !== null;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Polls `probe` until it returns true or `timeoutMs` passes; services need seconds to open ports. */
export async function waitFor(probe: () => Promise<boolean>, timeoutMs: number): Promise<boolean> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (await probe()) return true;
    await sleep(500);
  }
  return false;
}
