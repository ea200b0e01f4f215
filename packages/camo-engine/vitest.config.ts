import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    name: 'camo-engine',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 120000,
    hookTimeout: 120000,
  },
});
