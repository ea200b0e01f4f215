import type { Variant } from '@camo/shared/generation.schema';
import type { DesignProvider } from './provider.js';

/**
 * Test-only faults, switched on by FAULT_INJECTION=true (refused in production) and triggered by
 * markers in the environment description, so a browser test can make one generation fail without
 * affecting any other on the same server:
 *   [fail-a] / [fail-b]            that design fails every time (the retry too)
 *   [fail-a-once] / [fail-b-once]  that design fails once; its retry succeeds
 *   [fail-both]                    both designs fail
 *   [fail-record]                  the design record cannot be saved
 *   [slow]                         every design takes 4 s longer
 *   [hang-a] / [hang-b]            that design never answers (the pipeline's deadline ends it)
 */
export function faultMarkers(description: string) {
  const has = (marker: string) => description.includes(`[${marker}]`);
  return {
    failsAlways: (v: Variant) => has('fail-both') || has(`fail-${v.toLowerCase()}`),
    failsOnce: (v: Variant) => has(`fail-${v.toLowerCase()}-once`),
    recordFails: has('fail-record'),
    slow: has('slow'),
    hangs: (v: Variant) => has(`hang-${v.toLowerCase()}`),
  };
}

export function withFaultInjection(provider: DesignProvider): DesignProvider {
  const attempts = new Map<string, number>();
  return {
    ...provider,
    name: `${provider.name} (fault injection)`,
    async generate(input, variant, deadline) {
      const faults = faultMarkers(input.description);
      if (faults.slow) await new Promise((resolve) => setTimeout(resolve, 4000));
      // A provider that hangs: an hour, on a timer that does not keep the process alive.
      if (faults.hangs(variant)) await new Promise((resolve) => setTimeout(resolve, 3_600_000).unref());
      const key = `${input.seed}:${variant}`;
      const attempt = (attempts.get(key) ?? 0) + 1;
      attempts.set(key, attempt);
      if (faults.failsAlways(variant) || (faults.failsOnce(variant) && attempt === 1)) {
        throw new Error(`injected failure of design ${variant}`);
      }
      return provider.generate(input, variant, deadline);
    },
    edit: (design, request, deadline) => provider.edit(design, request, deadline),
    render: (recipe, size) => provider.render(recipe, size),
    close: () => provider.close(),
  };
}
