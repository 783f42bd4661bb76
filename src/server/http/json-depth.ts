const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const OPENERS = new Set([0x5b, 0x7b]);
const CLOSERS = new Set([0x5d, 0x7d]);

/**
 * Whether JSON text nests arrays/objects deeper than `max`, read from the raw bytes before any
 * parser builds the structure. Structural characters are ASCII, and UTF-8 never uses bytes below
 * 0x80 inside a multi-byte character, so a byte scan is exact; brackets inside strings are skipped.
 */
export function jsonDepthExceeds(bytes: Uint8Array, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i];
    if (inString) {
      if (byte === BACKSLASH) i++;
      else if (byte === QUOTE) inString = false;
    } else if (byte === QUOTE) {
      inString = true;
    } else if (OPENERS.has(byte)) {
      if (++depth > max) return true;
    } else if (CLOSERS.has(byte)) {
      depth--;
    }
  }
  return false;
}
