import { BENCH, type BenchSchool } from './seed-cards';

const ROUNDS = 200;

async function post(url: string, area: string, body: unknown, token?: string) {
  const res = await fetch(`${url}/api/${area}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });
  if (res.status !== 200) throw new Error(`${area} answered ${res.status}: ${await res.text()}`);
  return (await res.json()) as { data: unknown };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
}

/** Times one call ROUNDS times over random pages (after a warm-up) and prints p50/p95. */
export async function measure(label: string, call: (page: number) => Promise<unknown>, lastPage: number): Promise<void> {
  for (let i = 0; i < 10; i++) await call(1 + i);
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    const page = 1 + Math.floor(Math.random() * lastPage);
    const t0 = performance.now();
    await call(page);
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  console.log(`${label.padEnd(60)} p50 ${percentile(times, 50).toFixed(1).padStart(6)} ms   p95 ${percentile(times, 95).toFixed(1).padStart(6)} ms`);
}

/** Times the lists over HTTP and answers the teacher's token, for timing the services directly. */
export async function timeCalls(url: string, school: BenchSchool): Promise<string> {
  const signIn = async (account: string): Promise<string> =>
    ((await post(url, 'login', { code: school.code, account, password: BENCH.password })).data as { token: string }).token;
  const token = await signIn(school.teacher);
  const admin = await signIn(school.admin);
  const cardPages = BENCH.cards / 5;
  console.log(`${ROUNDS} calls each, random pages, one school of ${BENCH.cards} cards / ${BENCH.templates} templates:`);
  // The floor: an answer that only checks the session, for comparison.
  await measure('baseline: legacy cards get params (no list)', () => post(url, 'cards', { method: 'get', action: 'params' }, token), 1);
  await measure('legacy cards get lists (5/page, newest first)', (page) => post(url, 'cards', { method: 'get', action: 'lists', page, limit: 5 }, token), cardPages);
  await measure('legacy cards get lists (5/page, by title)', (page) => post(url, 'cards', { method: 'get', action: 'lists', page, limit: 5, sort: 'title', order: 'asc' }, token), cardPages);
  await measure('legacy cards get lists (5/page, by status)', (page) => post(url, 'cards', { method: 'get', action: 'lists', page, limit: 5, sort: 'status' }, token), cardPages);
  await measure('legacy cards get lists (5/page, administrator: whole school)', (page) => post(url, 'cards', { method: 'get', action: 'lists', page, limit: 5 }, admin), cardPages);
  await measure('legacy cards get templates (50/page)', (page) => post(url, 'cards', { method: 'get', action: 'templates', page, limit: 50 }, token), BENCH.templates / 50);
  await measure('legacy templates get lists (50/page)', (page) => post(url, 'templates', { method: 'get', action: 'lists', page }, admin), BENCH.templates / 50);
  await measure(
    'tRPC cards.list (5/page, newest first)',
    async (page) => {
      const input = encodeURIComponent(JSON.stringify({ page, limit: 5 }));
      const res = await fetch(`${url}/trpc/cards.list?input=${input}`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`tRPC answered ${res.status}`);
      return res.json();
    },
    cardPages,
  );
  return token;
}
