import { readdirSync } from 'node:fs';
import { beforeAll } from 'vitest';
import { generate } from '../src/index.js';
import { measureDesign, type DesignMeasures } from '../src/metrics/design-metrics.js';
import { photoStats } from '../src/metrics/photo-stats.js';
import { decodeIndexedPng, readPhoto } from '../src/node.js';
import { docClusterings, docCoverage, expectDocG2G3, type DocCoverage } from './doc-coverage.js';
import { HELD_OUT_CONTEXT, HELD_OUT_DIR } from './fixtures.js';

/**
 * G2 and G3 (camo-engine.md) on every held-out photo (fixtures/held-out/), both designs at seed 7
 * (the default engine): registers a beforeAll that generates and measures them, and returns the
 * photos' names and `meets(name)`, which expects both targets of both designs.
 */
export function judgeHeldOut() {
  const names = readdirSync(HELD_OUT_DIR)
    .filter((f) => f.endsWith('.jpg'))
    .map((f) => f.replace(/\.jpg$/, ''))
    .sort();
  const results = new Map<string, { doc: DocCoverage; m: DesignMeasures; v: string }[]>();

  beforeAll(async () => {
    for (const name of names) {
      const photo = await readPhoto(`${HELD_OUT_DIR}${name}.jpg`);
      const { designs } = generate({
        photo,
        description: HELD_OUT_CONTEXT[name] ?? name,
        state: '',
        county: '',
        seed: 7,
      });
      const stats = photoStats(photo, { seed: 99 });
      const byK = docClusterings(stats.points);
      results.set(
        name,
        designs.map((d) => {
          const img = decodeIndexedPng(d.png);
          return { doc: docCoverage(img, d.recipe, byK), m: measureDesign(img, stats), v: d.variant };
        }),
      );
    }
  }, 600_000);

  return {
    names,
    meets: (name: string): void => {
      const rs = results.get(name);
      if (!rs) throw new Error(`${name} not generated`);
      for (const { doc, m, v } of rs) expectDocG2G3(`${name} ${v}`, doc, m);
    },
  };
}
