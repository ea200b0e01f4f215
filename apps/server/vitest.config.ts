import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    // One migrated database per run; each test server starts from a copy of it.
    globalSetup: ['test/support/template-database.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
  },
});
