// `npm run bench:import`: times a roster import of 3 grades × 10 classes × 35 students from an
// .xlsx, on a throw-away database of the MySQL/MariaDB in DATABASE_URL (default: local root).
import ExcelJS from 'exceljs';
import mysql from 'mysql2/promise';
import { performance } from 'node:perf_hooks';
import { loadConfig } from '../../src/data/config';
import { migrateToLatest } from '../../src/data/db/migrate';
import { seedDemo } from '../../src/data/db/seed';
import { closeDeps, createDeps } from '../../src/core/deps';
import { signIn } from '../../src/core/services/auth/sign-in';
import { validateSession } from '../../src/core/services/auth/validate-session';
import { importStudents } from '../../src/core/services/students/import-students';

const GRADES = 3;
const CLASSES = 10;
const PER_CLASS = 35;
const RUNS = 3;

async function rosterXlsx(): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet('名單');
  sheet.addRow(['年級', '班級', '座號', '學號', '姓名']);
  for (let g = 1; g <= GRADES; g++)
    for (let c = 1; c <= CLASSES; c++)
      for (let s = 1; s <= PER_CLASS; s++) sheet.addRow([g, c, s, `${g}${String(c).padStart(2, '0')}${String(s).padStart(2, '0')}`, `測試學生${g}-${c}-${s}`]);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

async function main(): Promise<void> {
  const server = new URL(process.env.DATABASE_URL ?? 'mysql://root@127.0.0.1:3306/');
  const name = `acs_bench_${process.pid}`;
  server.pathname = '/';
  const admin = await mysql.createConnection({ uri: server.toString() });
  await admin.query(`CREATE DATABASE \`${name}\` CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci`);
  const databaseUrl = new URL(name, server).toString();
  try {
    await migrateToLatest(databaseUrl);
    await seedDemo(databaseUrl);
    const deps = createDeps(loadConfig({ ...process.env, DATABASE_URL: databaseUrl, REDIS_PREFIX: `bench-${process.pid}` }));
    try {
      const { token } = await signIn(deps, { code: 'demo', account: 'schooladmin', password: 'schooladmin123' }, { ip: '127.0.0.1', userAgent: 'bench' });
      const actor = await validateSession(deps, token);
      const body = await rosterXlsx();
      const file = { originalname: 'roster.xlsx', mimetype: 'application/octet-stream', size: body.length, buffer: body };
      const times: number[] = [];
      for (let run = 0; run < RUNS; run++) {
        const started = performance.now();
        const { count } = (await importStudents(deps, actor, undefined, file)).done;
        times.push(performance.now() - started);
        if (count !== GRADES * CLASSES * PER_CLASS) throw new Error(`imported ${count} students`);
      }
      const best = Math.min(...times);
      console.log(`roster import, ${GRADES}×${CLASSES}×${PER_CLASS} = ${GRADES * CLASSES * PER_CLASS} students from xlsx (${body.length} bytes)`);
      console.log(`runs (ms): ${times.map((t) => t.toFixed(0)).join(', ')}; best ${best.toFixed(0)} ms; budget 5000 ms: ${best < 5000 ? 'OK' : 'OVER'}`);
    } finally {
      await closeDeps(deps);
    }
  } finally {
    await admin.query(`DROP DATABASE IF EXISTS \`${name}\``);
    await admin.end();
  }
}

await main();
