/**
 * Shape edits over the fixtures (issue 29 items 1-2): for both default-engine designs of every
 * fixture (seed 7, the fixture contexts), each request given on the command line is applied and
 * measured as the edit corpus measures it: the area-weighted median patch (Z+ asks 1.15 times), the
 * patch count, and the least overlap of a colour's largest patch with where it was (64 px view,
 * bound 0.5). Prints a line per design and a tally per style and request.
 *
 *   npx tsx packages/camo-engine/scripts/edit-shape-report.ts "bigger shapes" "less busy please"
 */
import { edit, generate } from '../src/index.js';
import { bestMapping, largestPatchOverlaps } from '../src/metrics/layout.js';
import { patchSizeSpan } from '../src/metrics/components.js';
import { decodeIndexedPng } from '../src/node.js';
import { FIXTURE_CONTEXT, loadFixtures } from '../test/fixtures.js';
const reqs = process.argv.slice(2);
const tally: Record<string, { z: number; lay: number; n: number }> = {};
for (const { name, photo } of await loadFixtures()) {
  const res = generate({
    photo,
    ...(FIXTURE_CONTEXT[name] ?? { description: name, state: '', county: '' }),
    seed: 7,
  });
  for (const d of res.designs) {
    const before = decodeIndexedPng(d.png);
    const zb = patchSizeSpan(before.index, 1024, 1024);
    const row: string[] = [];
    for (const t of reqs) {
      const after = decodeIndexedPng(edit(d.recipe, t).png);
      const { map } = bestMapping(before.index, after.index);
      const ov = Math.min(
        1,
        ...largestPatchOverlaps(before.index, after.index, 1024, map, 64, 16).map((o) => o.overlap),
      );
      const za = patchSizeSpan(after.index, 1024, 1024);
      const key = `${d.variant} ${t}`;
      const r = (tally[key] ??= { z: 0, lay: 0, n: 0 });
      r.n++;
      if (za.p50 >= zb.p50 * 1.15) r.z++;
      if (ov >= 0.5) r.lay++;
      row.push(
        `${t}: Z ${(za.p50 / zb.p50).toFixed(2)} P ${(za.count / zb.count).toFixed(2)} lay ${ov.toFixed(2)}`,
      );
    }
    console.log(`${name} ${d.variant} cells ${d.recipe.cells} | ${row.join(' | ')}`);
  }
}
for (const [k, v] of Object.entries(tally)) console.log(`${k}: Z+ ${v.z}/${v.n}, layout ${v.lay}/${v.n}`);
