import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    hookTimeout: 120_000,
    // Each integration file opens its own embedded database (about 0.65 GB); two at a time
    // keeps memory and the two cores of our machines in check.
    maxWorkers: 2,
  },
});
