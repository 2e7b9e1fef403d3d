import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      {
        test: {
          name: 'unit',
          include: ['shared/src/**/*.test.ts', 'server/src/**/*.test.ts', 'web/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'api',
          include: ['server/test/**/*.test.ts'],
          environment: 'node',
          testTimeout: 30_000,
          hookTimeout: 60_000,
          // Two cores: argon2 hashing makes more workers slower, not faster.
          maxWorkers: 2,
          // Every test builds its own app on its own database: the files share a worker's loaded
          // modules instead of loading the whole server again for each file.
          isolate: false,
        },
      },
      {
        test: {
          // Attacks over HTTP on a real production server (npm run build first):
          // scripts/test-attack.mjs runs them on SQLite and on PostgreSQL.
          name: 'attack',
          include: ['attack/**/*.test.ts'],
          environment: 'node',
          globalSetup: ['attack/support/global-setup.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
      {
        test: {
          // Faults (database down, disk full, SIGKILL, SIGTERM) on real production
          // server processes: npm run build first, then npm run test:faults.
          name: 'faults',
          include: ['faults/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60_000,
          hookTimeout: 60_000,
          maxWorkers: 2,
        },
      },
    ],
  },
});
