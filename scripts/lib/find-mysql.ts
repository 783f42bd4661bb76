import { canCreateMysqlUser, createMysqlUser, savedMysqlUrl } from './mariadb-user';
import { probeMysql } from './mysql-server';
import { redactUrl, SetupError } from './setup-messages';

export const LOCAL_MYSQL_URL = 'mysql://root@127.0.0.1:3306/';

/**
 * A MySQL/MariaDB URL that lets us in: the configured DATABASE_URL (which must work: the user
 * chose it), else a server already running on 127.0.0.1:3306. Null when nothing answers there.
 */
export async function findMysql(): Promise<string | null> {
  const configured = process.env.DATABASE_URL;
  if (configured) {
    const probe = await probeMysql(configured);
    if (probe.ok) return configured;
    throw new SetupError(
      `Cannot use the database at DATABASE_URL=${redactUrl(configured)}: ${probe.reason}.\n` +
        '  Start that MySQL/MariaDB server or correct DATABASE_URL (mysql://USER:PASSWORD@HOST:PORT/DATABASE),\n' +
        '  or unset DATABASE_URL to let npm start use or install a local server.',
    );
  }
  return findLocalMysql();
}

export async function findLocalMysql(): Promise<string | null> {
  let serverAnswered = false;
  for (const candidate of [savedMysqlUrl(), LOCAL_MYSQL_URL]) {
    if (!candidate) continue;
    const probe = await probeMysql(candidate);
    if (probe.ok) return candidate;
    serverAnswered ||= probe.serverAnswered;
  }
  if (!serverAnswered) return null;
  const created = canCreateMysqlUser() ? createMysqlUser() : null;
  if (created && (await probeMysql(created)).ok) return created;
  throw new SetupError(
    'A MySQL/MariaDB server answers on 127.0.0.1:3306 but refuses root without a password.\n' +
      '  Set DATABASE_URL=mysql://USER:PASSWORD@127.0.0.1:3306/acs for a user that may create databases named acs*.',
  );
}
