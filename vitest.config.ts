import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts; this file only lists them so that
// `vitest run` at the root runs every unit and integration test in one go.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/camo-engine', 'apps/server', 'apps/web'],
  },
});
