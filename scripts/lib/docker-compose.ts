import { readCommand, runCommand } from './run-command';
import { SetupError, step } from './setup-messages';

// docker-compose.yml publishes db and redis on these host ports so they never collide with a
// MySQL or Redis the machine already runs on the standard ports.
export const COMPOSE_MYSQL_URL = 'mysql://root:acs@127.0.0.1:13306/';
export const COMPOSE_REDIS_URL = 'redis://127.0.0.1:16379';

/**
 * Whether `docker compose` (the v2 plugin: `--wait` needs it) can run our services here. The
 * docker CLI alone is not enough: many machines have it without an engine; `docker info` tells.
 */
export function dockerComposeUsable(): boolean {
  if (readCommand('docker', ['info', '--format', '{{.ServerVersion}}'], 20_000) === null) return false;
  return readCommand('docker', ['compose', 'version']) !== null;
}

/** Starts the named compose services and waits for their healthchecks. */
export async function composeUp(services: readonly ('db' | 'redis')[]): Promise<void> {
  step(`Starting ${services.join(' and ')} with docker compose`);
  const code = await runCommand('docker', ['compose', 'up', '-d', '--wait', ...services]);
  if (code !== 0) throw new SetupError(`docker compose up -d ${services.join(' ')} failed (exit ${code}).`);
}
