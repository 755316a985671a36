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
    // dist/.vite/manifest.json: which chunks and styles each entry and page imports; the prerender
    // (scripts/prerender.mjs) reads it to give each page its own.
    manifest: true,
    rolldownOptions: {
      // The contracts are declarations only: what a chunk does not import from them is left out of it.
      treeshake: { moduleSideEffects: (id: string) => !id.includes('/libs/contracts/src/') },
      output: {
        codeSplitting: {
          // The framework every page needs, in chunks of their own: they change far less often than the
          // app, so returning visitors keep them cached across deployments. One chunk per library, so that a
          // page preloads only the ones it imports. Libraries that only some pages use (forms, payments) stay
          // in those pages' chunks.
          groups: [
            { name: 'react-dom', test: /[\\/]node_modules[\\/](react-dom|scheduler)[\\/]/ },
            { name: 'react', test: /[\\/]node_modules[\\/](react)[\\/]/ },
            { name: 'router', test: /[\\/]node_modules[\\/](react-router|react-router-dom)[\\/]/ },
            { name: 'query', test: /[\\/]node_modules[\\/](@tanstack)[\\/]/ },
          ],
        },
      },
    },
  },
  server: { proxy },
  preview: { proxy },
});
