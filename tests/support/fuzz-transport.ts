import type { Rng } from './seeded-random';

// Generated transport-level faults for the legacy fuzz test (issue 27, part 4): cookies whose
// percent-escapes do not decode, multipart forms cut short anywhere, fields past their bound.

const BROKEN_ESCAPES = ['%', '%E0%A4%A', '%G0', '%%', '%C3', 'a%2', '%u0041', '%ZZ%', '%E0%80%80x%', '%ED%A0%80%'];

const pick = <T>(random: Rng, items: readonly T[]): T => items[Math.floor(random() * items.length)];

/** A Cookie header with one of our cookies malformed, sometimes among others. */
export function brokenCookie(random: Rng): string {
  const ours = `${pick(random, ['acs_session', 'acs_device'])}=${pick(random, BROKEN_ESCAPES)}`;
  return pick(random, [ours, `theme=dark; ${ours}`, `${ours}; lang=tw`]);
}

const BOUNDARY = 'fuzzBoundary0x27';
export const FUZZ_FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

function formOf(fields: Record<string, string>, file: Buffer | null): Buffer {
  const parts = Object.entries(fields).map(([k, v]) => `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`);
  const head = Buffer.from(parts.join(''));
  if (!file) return Buffer.concat([head, Buffer.from(`--${BOUNDARY}--\r\n`)]);
  const fileHead = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="file"; filename="f.csv"\r\nContent-Type: text/csv\r\n\r\n`);
  return Buffer.concat([head, fileHead, file, Buffer.from(`\r\n--${BOUNDARY}--\r\n`)]);
}

/** A whole form cut at a random byte before its closing boundary is complete: inside a field, a part header, the file. */
export function truncatedForm(random: Rng, fields: Record<string, string>): Buffer {
  const whole = formOf(fields, Buffer.from('年級,班級,座號,學號,姓名\r\n1,1,1,S1,林小明\r\n'));
  const complete = whole.length - `--${BOUNDARY}--\r\n`.length + 1;
  return whole.subarray(0, 1 + Math.floor(random() * (complete - 1)));
}

/** A form whose fields are fine but one is longer than a field may be (8 KiB), or there are too many of them. */
export function oversizedForm(random: Rng, fields: Record<string, string>): Buffer {
  if (random() < 0.5) return formOf({ ...fields, note: 'x'.repeat(8 * 1024 + 1 + Math.floor(random() * 64 * 1024)) }, null);
  const many = Object.fromEntries(Array.from({ length: 21 + Math.floor(random() * 40) }, (_, i) => [`f${i}`, String(i)]));
  return formOf({ ...fields, ...many }, null);
}
