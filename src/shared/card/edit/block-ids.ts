// New block ids: short, schema-valid ([A-Za-z0-9_-]), unique within the page.
const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789';

export type IdSource = () => string;

/** Eight random characters: 36^8 ids, checked against the page anyway. */
export const randomId: IdSource = () => {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return 'b' + Array.from(bytes, (b) => ALPHABET[b % ALPHABET.length]).join('');
};

/** An id not yet taken on the page. */
export function freshId(taken: Set<string>, source: IdSource = randomId): string {
  for (;;) {
    const id = source();
    if (!taken.has(id)) {
      taken.add(id);
      return id;
    }
  }
}
