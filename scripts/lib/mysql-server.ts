import mysql from 'mysql2/promise';

/** What a connection attempt told us: whether a server is there, and whether it let us in. */
export type MysqlProbe = { ok: true } | { ok: false; serverAnswered: boolean; reason: string };

/** The same server URL without a database: CREATE/DROP DATABASE must not need the database. */
export function serverUrl(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  url.pathname = '/';
  return url.toString();
}

export function withDatabase(databaseUrl: string, name: string): string {
  const url = new URL(databaseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

export function databaseName(databaseUrl: string): string | null {
  const name = decodeURIComponent(new URL(databaseUrl).pathname.replace(/^\//, ''));
  return name === '' ? null : name;
}

export async function connectMysql(databaseUrl: string): Promise<mysql.Connection> {
  return mysql.createConnection({ uri: serverUrl(databaseUrl), connectTimeout: 5_000, multipleStatements: false });
}

export async function probeMysql(databaseUrl: string): Promise<MysqlProbe> {
  try {
    const connection = await connectMysql(databaseUrl);
    await connection.query('SELECT 1');
    await connection.end();
    return { ok: true };
  } catch (error) {
    const code = (error as { code?: string }).code ?? '';
    // An access error means a server answered: worth trying other credentials, not other servers.
    const serverAnswered = code.startsWith('ER_');
    return { ok: false, serverAnswered, reason: error instanceof Error ? error.message || code : String(error) };
  }
}
