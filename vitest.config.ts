import { defineConfig } from 'vitest/config';

// Each workspace keeps its own vitest.config.ts; this file only lists them so that
// `vitest run` at the root runs every unit and integration test in one go.
export default defineConfig({
  test: {
    projects: ['packages/shared', 'packages/camo-engine', 'apps/server', 'apps/web'],
    // Server integration files each open an embedded database (about 0.65 GB) and the engine's
    // fixture suite is CPU-bound: two workers suit our two-core machines.
    maxWorkers: 2,
  },
});
