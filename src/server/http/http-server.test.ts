import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import express from 'express';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../data/config';
import { createHttpServer } from './http-server';
import { securityHeaders } from './security-headers';

// TLS_CERT_FILE + TLS_KEY_FILE (docs/scan-batches.md "Capture with a phone"): the app speaks HTTPS
// itself, so a phone on the LAN gets the secure context its camera needs.
const dir = mkdtempSync(join(tmpdir(), 'acs-tls-'));
const certFile = join(dir, 'cert.pem');
const keyFile = join(dir, 'key.pem');
execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', keyFile, '-out', certFile, '-days', '1', '-subj', '/CN=acs-test', '-addext', 'subjectAltName=IP:127.0.0.1,DNS:localhost'], { stdio: 'ignore' });
afterAll(() => rmSync(dir, { recursive: true, force: true }));

function get(port: number): Promise<{ status: number; body: string; hsts: string | undefined }> {
  return new Promise((resolve, reject) => {
    https
      .get({ host: '127.0.0.1', port, path: '/', ca: readFileSync(certFile) }, (res) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString()));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, hsts: res.headers['strict-transport-security'] }));
      })
      .on('error', reject);
  });
}

describe('the server over HTTPS', () => {
  it('answers over TLS with the given certificate; the app sees a secure request (HSTS, secure cookies)', async () => {
    const app = express();
    app.use(securityHeaders);
    app.get('/', (req, res) => void res.send(req.secure ? 'secure' : 'plain'));
    const server = createHttpServer(app, { certFile, keyFile });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const answer = await get((server.address() as AddressInfo).port);
      expect(answer).toMatchObject({ status: 200, body: 'secure' });
      expect(answer.hsts).toContain('max-age=');
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  });

  it('takes the certificate and the key together or not at all', () => {
    expect(loadConfig({ TLS_CERT_FILE: certFile, TLS_KEY_FILE: keyFile }).TLS_CERT_FILE).toBe(certFile);
    expect(() => loadConfig({ TLS_CERT_FILE: certFile })).toThrow('TLS_CERT_FILE and TLS_KEY_FILE are set together');
    expect(loadConfig({}).TLS_KEY_FILE).toBeUndefined();
  });
});
