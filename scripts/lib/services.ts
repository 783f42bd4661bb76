import { canInstallDebianPackages } from './debian-packages';
import { provideDebianServices } from './debian-services';
import { COMPOSE_MYSQL_URL, COMPOSE_REDIS_URL, composeUp, dockerComposeUsable } from './docker-compose';
import { findMysql } from './find-mysql';
import { findRedis } from './find-redis';
import { redactUrl, SetupError, step } from './setup-messages';

export interface Services {
  /** A MySQL/MariaDB URL whose credentials may create databases; its path is ignored. */
  mysqlUrl: string;
  redisUrl: string;
}

const advice = `Do one of these, then run the command again:
  • install and start MariaDB (or MySQL) and Redis on this machine
      (Debian/Ubuntu, as root: apt-get install -y mariadb-server redis-server);
  • point at servers you have: DATABASE_URL=mysql://USER:PASSWORD@HOST:3306/acs REDIS_URL=redis://HOST:6379;
  • start a Docker engine, so that \`docker compose up -d db redis\` can run them.`;

function describeMissing(mysqlUrl: string | null, redisUrl: string | null): string {
  return [mysqlUrl ? '' : 'MySQL/MariaDB on 127.0.0.1:3306', redisUrl ? '' : 'Redis on 127.0.0.1:6379']
    .filter(Boolean)
    .join(' and no ');
}

/**
 * Finds MySQL and Redis in the order the README promises: configured URLs, servers already
 * running locally, `docker compose` when an engine answers, Debian packages when we are root.
 */
export async function findOrStartServices(): Promise<Services> {
  let mysqlUrl = await findMysql();
  let redisUrl = await findRedis();
  if (!mysqlUrl || !redisUrl) {
    step(`No ${describeMissing(mysqlUrl, redisUrl)} found`);
    const need = { mysql: !mysqlUrl, redis: !redisUrl };
    if (dockerComposeUsable()) {
      await composeUp([...(need.mysql ? ['db' as const] : []), ...(need.redis ? ['redis' as const] : [])]);
      mysqlUrl ??= COMPOSE_MYSQL_URL;
      redisUrl ??= COMPOSE_REDIS_URL;
    } else if (canInstallDebianPackages()) {
      const started = await provideDebianServices(need);
      mysqlUrl ??= started.mysqlUrl;
      redisUrl ??= started.redisUrl;
    }
  }
  if (!mysqlUrl || !redisUrl) throw new SetupError(`No ${describeMissing(mysqlUrl, redisUrl)} found.\n${advice}`);
  step(`MySQL/MariaDB: ${redactUrl(mysqlUrl)}   Redis: ${redactUrl(redisUrl)}`);
  return { mysqlUrl, redisUrl };
}
