import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: {
    alias: [
      { find: '@', replacement: fileURLToPath(new URL('./src', import.meta.url)) },
      // The zod/mini schemas (shared/src/schemas/mini.ts: login form, dashboard search) get their own
      // copy of zod (the npm alias `zod-mini`, the same version): tree-shaken on its own, it stays a few
      // KB, instead of sharing the whole zod core that classic zod keeps for the other forms.
      { find: /^zod\/mini$/, replacement: 'zod-mini/mini' },
    ],
  },
  server: {
    port: 5173,
    strictPort: true,
    proxy: { '/api': api, '/healthz': api, '/readyz': api },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // .vite/manifest.json: scripts/check-budgets.mjs reads which chunks each route loads.
    manifest: true,
    // Every browser the shop supports knows <link rel="modulepreload">: no polyfill in the entry.
    modulePreload: { polyfill: false },
    rolldownOptions: {
      output: {
        // React, React DOM and the router are in every page and change less often than the app:
        // their own chunk stays cached across releases. Other libraries go with the pages that use them.
        codeSplitting: {
          groups: [
            {
              name: 'react',
              test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/,
            },
            { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
          ],
        },
      },
    },
  },
});
