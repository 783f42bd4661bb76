import { z } from 'zod';

// Imported first by main.tsx: zod would otherwise probe `new Function` to compile its parsers,
// which the app's Content-Security-Policy (no eval) refuses and reports as a violation.
z.config({ jitless: true });
