import type { z } from 'zod';

export { seeded } from './seeded-random';

/** Wrong types, extreme numbers, unicode edge cases and injection-looking text. */
export const ODD_VALUES: readonly unknown[] = [
  null, true, false, 0, -1, 1.5, 1e308, -1e308, 2 ** 53 + 1, Number.MAX_SAFE_INTEGER,
  '', ' ', '0x10', '1e309', 'NaN', '-0', '９９', [], [1, [2, [3]]], {}, { $gt: '' }, { toString: 'x' },
  '\u0000', 'a\u0000b', '\u202etxt', '\u200b', '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', '\ud800', '😀'.repeat(50), 'a'.repeat(10_000), '\u0301'.repeat(600),
  '<script>alert(1)</script>', "' OR 1=1 --", '../../etc/passwd', '%00', 'null', 'undefined', '[object Object]',
];

/** The field names an action's schema reads (through pipes, defaults, unions), for targeted bodies. */
export function fieldsOf(schema: z.ZodType): string[] {
  const seen = new Set<string>();
  const walk = (node: unknown, depth: number): void => {
    if (!node || typeof node !== 'object' || depth > 6) return;
    const shape = (node as { shape?: unknown }).shape;
    if (shape && typeof shape === 'object') for (const key of Object.keys(shape)) seen.add(key);
    const def = (node as { _zod?: { def?: Record<string, unknown> } })._zod?.def ?? {};
    for (const inner of [def.in, def.out, def.innerType, def.schema, def.left, def.right]) walk(inner, depth + 1);
    if (Array.isArray(def.options)) for (const option of def.options) walk(option, depth + 1);
  };
  walk(schema, 0);
  return [...seen];
}

/** One generated body: each field omitted, odd or plausible; sometimes extra fields too. */
export function fuzzBody(random: () => number, fields: readonly string[]): Record<string, unknown> {
  const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)];
  const body: Record<string, unknown> = {};
  for (const field of fields) {
    const roll = random();
    if (roll < 0.2) continue;
    body[field] = roll < 0.8 ? pick(ODD_VALUES) : pick([1, 2, 'x', 'A4', '2026-01-01', [1], { a: 1 }]);
  }
  if (random() < 0.3) Object.assign(body, { extra: pick(ODD_VALUES), constructor: { prototype: { polluted: 1 } } });
  if (random() < 0.1) body.__proto__ = { polluted: 1 };
  return body;
}
