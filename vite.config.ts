import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

const serverPort = Number(process.env.PORT ?? 3000);

export default defineConfig({
  plugins: [react()],
  resolve: {
    alias: {
      // node-polyglot's polyfill of a function every supported browser has: see the module's comment
      'object.entries': fileURLToPath(new URL('./src/shims/object-entries.cjs', import.meta.url)),
    },
  },
  server: {
    port: 5173,
    // In `npm run dev` the API, the CR/CRL files and the stand-ins live on the Fastify server.
    proxy: Object.fromEntries(
      ['/api', '/ca/', '/cr', '/crl', '/sandbox', '/stipa-sim'].map((p) => [
        p,
        `http://127.0.0.1:${serverPort}`,
      ]),
    ),
  },
  build: {
    outDir: 'dist',
    chunkSizeWarningLimit: 1500,
    rolldownOptions: {
      // A bundler warning fails the build: each one so far was a real mistake (a dynamic import that did not
      // split, as PaymentStep's was), and a warning nobody reads is soon one of many.
      onwarn(warning) {
        throw new Error(`Build warning: ${warning.message}`);
      },
    },
  },
  test: {
    // Vitest's default is one worker fewer than the cores: a single one on two. The server tests spend much of their
    // time waiting (on spawned servers, timers, the database) and the web tests in module loading, so two workers
    // keep both cores busy there.
    maxWorkers: Math.max(2, availableParallelism() - 1),
    projects: [
      {
        extends: true,
        test: { name: 'unit', environment: 'node', include: ['tests/unit/**/*.test.ts'] },
      },
      {
        extends: true,
        test: {
          name: 'server',
          environment: 'node',
          include: ['tests/server/**/*.test.ts'],
          globalSetup: ['tests/server/globalSetup.ts'],
          // One module graph per worker rather than per file: each file builds its own app on its own database, and
          // loading the server's modules again for each of them was a third of the project's CPU time.
          isolate: false,
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'web',
          environment: 'happy-dom',
          include: ['tests/web/**/*.test.{ts,tsx}'],
          setupFiles: ['tests/web/setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        // zlint on what the portal publishes: `npm run test:conformance` only (it needs the zlint binary).
        extends: true,
        test: {
          name: 'conformance',
          environment: 'node',
          include: ['tests/conformance/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 180_000,
        },
      },
    ],
  },
});
