import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';

// In development the API, the queue dashboard (/queues) and the dev-only mail viewer (/dev) run in
// the gateway on :3000; proxying keeps the browser on one origin, as in production where the gateway
// serves web/dist.
const gateway = 'http://localhost:3000';
const proxy = { '/api': gateway, '/queues': gateway, '/dev': gateway };

export default defineConfig({
  plugins: [react()],
  // The request and response shapes shared with the server (plain TypeScript, bundled like app code).
  resolve: {
    alias: { '@portal/contracts': fileURLToPath(new URL('../libs/contracts/src/index.ts', import.meta.url)) },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunks each entry and page imports; `npm run bench:web` reads it.
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // The framework every page needs, in a chunk of its own: it changes far less often than the
          // app, so returning visitors keep it cached across deployments. Libraries that only some pages
          // use (forms, payments) stay in those pages' chunks.
          groups: [
            {
              name: 'framework',
              test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router|react-router-dom|@tanstack)[\\/]/,
            },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
