import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const apiServer = 'http://127.0.0.1:3000';

// index.html stays at the repo root so this file's root is the repo's (vitest, if it reads this
// config, still finds every suite). The Express server serves dist/client with an SPA fallback,
// so the app is built for the site root and history routing.
export default defineConfig({
  base: '/',
  publicDir: 'src/client/public',
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist/client',
    emptyOutDir: true,
  },
  server: {
    proxy: {
      '/trpc': apiServer,
      '/api': apiServer,
    },
  },
});
