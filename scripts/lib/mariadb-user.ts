import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { commandExists, readCommand } from './run-command';

// A fresh Debian MariaDB lets root in only through the unix socket (unix_socket auth), and the
// app connects over TCP: so we make our own password user once and remember its URL here.
const savedUrlFile = 'var/local-mysql-url';
const user = 'acs';

export function savedMysqlUrl(): string | null {
  return existsSync(savedUrlFile) ? readFileSync(savedUrlFile, 'utf8').trim() || null : null;
}

/** Root can run the `mariadb` client through the socket, which is all the user creation needs. */
export function canCreateMysqlUser(): boolean {
  return process.getuid?.() === 0 && (commandExists('mariadb') || commandExists('mysql'));
}

/**
 * Creates (or resets the password of) `acs`@127.0.0.1 and `acs`@localhost, allowed every database
 * whose name starts with "acs" (the app's and the test runs' throw-away ones), and saves the URL.
 */
export function createMysqlUser(): string | null {
  const password = randomBytes(12).toString('hex');
  const statements = ['127.0.0.1', 'localhost'].flatMap((host) => [
    `CREATE USER IF NOT EXISTS '${user}'@'${host}' IDENTIFIED BY '${password}'`,
    `ALTER USER '${user}'@'${host}' IDENTIFIED BY '${password}'`,
    `GRANT ALL PRIVILEGES ON \`acs%\`.* TO '${user}'@'${host}'`,
  ]);
  const client = commandExists('mariadb') ? 'mariadb' : 'mysql';
  if (readCommand(client, ['-uroot', '-e', `${statements.join('; ')};`]) === null) return null;
  const url = `mysql://${user}:${password}@127.0.0.1:3306/`;
  mkdirSync(dirname(savedUrlFile), { recursive: true });
  writeFileSync(savedUrlFile, `${url}\n`, { mode: 0o600 });
  return url;
}
