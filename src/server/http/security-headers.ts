import type { NextFunction, Request, Response } from 'express';

/**
 * The Content-Security-Policy of every answer. Scripts, workers (pdf.js's worker is a file of our
 * build) and calls come from this origin only, never inline; images also from data: and blob:
 * (editor images are fetched with the session and shown as blob URLs); styles may be inline (React
 * style attributes, the card renderer's <style>, toasts) but not from elsewhere. No plugins, no
 * framing by any site, no <base> or form posts elsewhere.
 */
const CSP_DIRECTIVES: Record<string, string> = {
  'default-src': "'self'",
  'script-src': "'self'",
  'worker-src': "'self'",
  'connect-src': "'self'",
  'img-src': "'self' data: blob:",
  'font-src': "'self' data:",
  'style-src': "'self' 'unsafe-inline'",
  'object-src': "'none'",
  'base-uri': "'self'",
  'form-action': "'self'",
  'frame-ancestors': "'none'",
};

export const CONTENT_SECURITY_POLICY = Object.entries(CSP_DIRECTIVES)
  .map(([name, value]) => `${name} ${value}`)
  .join('; ');

/** A year, as OWASP's HTTP Strict Transport Security cheat sheet suggests. */
const HSTS = 'max-age=31536000; includeSubDomains';

/** Standard security headers on every answer; HSTS only when the request came over HTTPS. */
export function securityHeaders(req: Request, res: Response, next: NextFunction): void {
  res.setHeader('Content-Security-Policy', CONTENT_SECURITY_POLICY);
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Referrer-Policy', 'same-origin');
  res.setHeader('Cross-Origin-Opener-Policy', 'same-origin');
  if (req.secure) res.setHeader('Strict-Transport-Security', HSTS);
  next();
}
