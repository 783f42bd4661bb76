import { readdir, stat } from 'node:fs/promises';
import net from 'node:net';
import { join } from 'node:path';

// A client that sends a large body the way an attacker would: it keeps writing until the server
// stops it, and records how much it had sent when the answer came and in all. A server that reads
// (and spools, or drains) the whole body lets all of it through; one that answers at once and
// closes the connection stops it after what the sockets' buffers hold.

export interface RawReply {
  status: number;
  headers: Record<string, string>;
  body: string;
  /** Bytes of the body written when the answer's head arrived (−1: no answer). */
  sentAtAnswer: number;
  /** Bytes of the body written before the server closed the connection (or all of them). */
  sent: number;
  /** The server ended the connection (rather than the client, once it had its answer). */
  closedByServer: boolean;
  /** The body as declared (Content-Length), or sent in total when chunked. */
  total: number;
  ms: number;
}

/** A body as the parts it is written in (large fillers reuse one chunk, so the sender holds no copy). */
export interface RawBody {
  parts: () => Iterable<Buffer>;
  length: number;
}

const CHUNK = Buffer.alloc(256 * 1024, 0x61);

/** `bytes` of filler, in reused chunks. */
function* filler(bytes: number): Generator<Buffer> {
  for (let left = bytes; left > 0; left -= CHUNK.length) yield left >= CHUNK.length ? CHUNK : CHUNK.subarray(0, left);
}

/** POST `body` to `url` over a raw socket; `chunked` sends it without a Content-Length. */
export function rawPost(url: string, headers: Record<string, string>, body: RawBody, chunked = false): Promise<RawReply> {
  const { hostname, port, pathname } = new URL(url);
  const total = body.length;
  const started = performance.now();
  return new Promise((resolve) => {
    const socket = net.connect(Number(port), hostname);
    let sent = 0;
    let sentAtAnswer = -1;
    let received = Buffer.alloc(0);
    let closed = false;
    let closedByServer = false;
    const finish = () => {
      if (closed) return;
      closed = true;
      const split = received.indexOf('\r\n\r\n');
      const lines = received.subarray(0, split < 0 ? received.length : split).toString('latin1').split('\r\n');
      const head = Object.fromEntries(lines.slice(1).map((l) => [l.slice(0, l.indexOf(':')).toLowerCase(), l.slice(l.indexOf(':') + 1).trim()]));
      const status = Number(/^HTTP\/1\.1 (\d{3})/.exec(lines[0] ?? '')?.[1] ?? 0);
      const raw = split < 0 ? Buffer.alloc(0) : received.subarray(split + 4);
      const text = (head['transfer-encoding'] === 'chunked' ? unchunk(raw) : raw).toString('utf8');
      resolve({ status, headers: head, body: text, sentAtAnswer, sent, total, closedByServer, ms: performance.now() - started });
    };
    socket.on('data', (data: Buffer) => {
      if (sentAtAnswer < 0) sentAtAnswer = sent;
      received = Buffer.concat([received, data]);
    });
    socket.on('end', () => (closedByServer = true));
    socket.on('error', () => {
      closedByServer = true; // EPIPE / ECONNRESET: the server closed while we were still writing
      socket.destroy();
    });
    socket.on('close', finish);
    const lines = [`POST ${pathname} HTTP/1.1`, `Host: ${hostname}:${port}`, ...Object.entries(headers).map(([k, v]) => `${k}: ${v}`)];
    lines.push(chunked ? 'Transfer-Encoding: chunked' : `Content-Length: ${total}`);
    socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    const source = body.parts()[Symbol.iterator]();
    const pump = () => {
      for (;;) {
        if (socket.destroyed || closed) return;
        const next = source.next();
        if (next.done) {
          if (chunked) socket.write('0\r\n\r\n');
          return;
        }
        const part = next.value;
        sent += part.length;
        if (chunked) socket.write(`${part.length.toString(16)}\r\n`);
        let more = socket.write(part);
        if (chunked) more = socket.write('\r\n');
        if (!more) return void socket.once('drain', pump);
      }
    };
    pump();
    // The server answers and closes, or answers and keeps the connection: either way, stop waiting.
    const watchdog = setInterval(() => {
      if (sentAtAnswer >= 0 && answerComplete(received)) {
        clearInterval(watchdog);
        setTimeout(() => socket.destroy(), 300);
      }
    }, 50);
    socket.on('close', () => clearInterval(watchdog));
  });
}

/** The answer's body is all there (its Content-Length, or the last chunk), so the test need not wait for a close. */
function answerComplete(received: Buffer): boolean {
  const text = received.toString('latin1');
  const split = text.indexOf('\r\n\r\n');
  if (split < 0) return false;
  if (/\r\ntransfer-encoding: *chunked/i.test(text.slice(0, split))) return text.endsWith('\r\n0\r\n\r\n');
  const length = /\r\ncontent-length: *(\d+)/i.exec(text.slice(0, split))?.[1];
  return length !== undefined && text.length - split - 4 >= Number(length);
}

const form = (boundary: string) => ({
  field: (name: string, value: string) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  fileHead: `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="x.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
  end: `--${boundary}--\r\n`,
});
const BOUNDARY = 'acsboundary7MA4YWxkTrZu0gW';
export const FORM_TYPE = `multipart/form-data; boundary=${BOUNDARY}`;

/** A form of `fields` and then a file of `fileBytes` filler (or the file first). */
export function multipartUpload(fields: Record<string, string>, fileBytes: number, opts: { fileFirst?: boolean } = {}): RawBody {
  const f = form(BOUNDARY);
  const fieldText = Object.entries(fields).map(([k, v]) => f.field(k, v)).join('');
  const head = Buffer.from(opts.fileFirst ? f.fileHead : fieldText + f.fileHead);
  const tail = Buffer.from(opts.fileFirst ? `\r\n${fieldText}${f.end}` : `\r\n${f.end}`);
  return { parts: () => [head, ...filler(fileBytes), tail], length: head.length + fileBytes + tail.length };
}

/** A form of `count` fields of `bytes` filler each, after `fields`, and no file. */
export function manyFields(fields: Record<string, string>, count: number, bytes: number): RawBody {
  const f = form(BOUNDARY);
  const head = Buffer.from(Object.entries(fields).map(([k, v]) => f.field(k, v)).join(''));
  const open = (i: number) => Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="f${i}"\r\n\r\n`);
  const crlf = Buffer.from('\r\n');
  const end = Buffer.from(f.end);
  const length = head.length + Array.from({ length: count }, (_, i) => open(i).length + bytes + 2).reduce((a, b) => a + b, 0) + end.length;
  return {
    parts: function* () {
      yield head;
      for (let i = 0; i < count; i++) yield* [open(i), ...filler(bytes), crlf];
      yield end;
    },
    length,
  };
}

/** A chunked answer's body, its chunks joined. */
function unchunk(raw: Buffer): Buffer {
  const parts: Buffer[] = [];
  for (let at = 0; at < raw.length; ) {
    const eol = raw.indexOf('\r\n', at);
    const size = parseInt(raw.subarray(at, eol).toString('latin1'), 16);
    if (!size) break;
    parts.push(raw.subarray(eol + 2, eol + 2 + size));
    at = eol + 2 + size + 2;
  }
  return Buffer.concat(parts);
}

/** The most bytes the folder `dir` held while `run` ran, sampled every 10 ms: what the server spooled. */
export async function spooledIn<T>(dir: string, run: () => Promise<T>): Promise<{ result: T; spooled: number }> {
  let spooled = 0;
  let sampling = true;
  const sample = async () => {
    while (sampling) {
      let bytes = 0;
      for (const name of await readdir(dir).catch(() => [])) bytes += (await stat(join(dir, name)).catch(() => ({ size: 0 }))).size;
      spooled = Math.max(spooled, bytes);
      await new Promise((r) => setTimeout(r, 10));
    }
  };
  const sampler = sample();
  const result = await run();
  sampling = false;
  await sampler;
  return { result, spooled };
}
