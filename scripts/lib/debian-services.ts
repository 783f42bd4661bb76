import { existsSync } from 'node:fs';
import { installDebianPackages } from './debian-packages';
import { LOCAL_REDIS_URL, probeRedis } from './find-redis';
import { findLocalMysql, LOCAL_MYSQL_URL } from './find-mysql';
import { probeMysql } from './mysql-server';
import { runCommand, waitFor } from './run-command';
import { SetupError, step } from './setup-messages';

// Containers and CI machines have no systemd, so the daemons are started directly, the way the
// Debian packages' own init scripts would.

async function startMariadb(): Promise<void> {
  // mariadbd puts its socket in /run/mysqld, which nothing recreates after a reboot without systemd.
  await runCommand('install', ['-d', '-o', 'mysql', '-g', 'mysql', '/run/mysqld']);
  const daemon = existsSync('/usr/sbin/mariadbd') ? '/usr/sbin/mariadbd' : '/usr/sbin/mysqld';
  await runCommand('start-stop-daemon', ['--start', '--oknodo', '--background', '--exec', daemon]);
  const answers = async () => {
    const probe = await probeMysql(LOCAL_MYSQL_URL);
    return probe.ok || probe.serverAnswered; // root may be refused over TCP: findLocalMysql handles that
  };
  if (!(await waitFor(answers, 60_000))) {
    throw new SetupError('MariaDB did not answer on 127.0.0.1:3306 within 60 s of starting; its log is in /var/log/mysql/.');
  }
}

async function startRedis(): Promise<void> {
  await runCommand('redis-server', [
    '--daemonize', 'yes', '--bind', '127.0.0.1', '--port', '6379',
    // without --dir, Redis would write its dump.rdb into whatever folder we run from
    '--dir', '/var/lib/redis', '--logfile', '/var/log/redis/redis-server.log',
  ]);
  if (!(await waitFor(async () => (await probeRedis(LOCAL_REDIS_URL)).ok, 30_000))) {
    throw new SetupError('Redis did not answer on 127.0.0.1:6379 within 30 s of starting; see /var/log/redis/redis-server.log.');
  }
}

/** Installs and starts MariaDB and/or Redis from Debian's packages (root only); returns their URLs. */
export async function provideDebianServices(need: { mysql: boolean; redis: boolean }) {
  await installDebianPackages([...(need.mysql ? ['mariadb-server'] : []), ...(need.redis ? ['redis-server'] : [])]);
  let mysqlUrl: string | null = null;
  if (need.mysql) {
    step('Starting MariaDB');
    await startMariadb();
    mysqlUrl = await findLocalMysql();
    if (!mysqlUrl) throw new SetupError('MariaDB started but refuses every connection we tried.');
  }
  if (need.redis) {
    step('Starting Redis');
    await startRedis();
  }
  return { mysqlUrl, redisUrl: need.redis ? LOCAL_REDIS_URL : null };
}
