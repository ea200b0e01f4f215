import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { editRefusalText, editSuggestionText } from '@camo/shared/edit-refusal';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generate } from '../src/generate.js';
import { ParallelGenerator, readPhoto, workerLayers } from '../src/node.js';
import { FIXTURE_DIR } from './fixtures.js';

const run = promisify(execFile);

const bin = fileURLToPath(new URL('../bin/camo-engine.mjs', import.meta.url));
const photoPath = join(FIXTURE_DIR, 'storm.jpg');

describe('ParallelGenerator (design B on a worker thread)', () => {
  const parallel = new ParallelGenerator();
  afterAll(() => parallel.close());

  it('draws exactly what generate() draws', async () => {
    const input = { photo: await readPhoto(photoPath), seed: 3, description: 'Prairie road under a storm' };
    const [two, one] = [await parallel.generate(input), generate(input)];
    for (const i of [0, 1] as const) {
      expect(two.designs[i].designId).toBe(one.designs[i].designId);
      expect(Buffer.from(two.designs[i].png).equals(Buffer.from(one.designs[i].png))).toBe(true);
    }
  });

  it('rejects, rather than waiting for ever, once its worker is gone', async () => {
    const closed = new ParallelGenerator();
    await closed.close();
    await expect(closed.generate({ photo: await readPhoto(photoPath) })).rejects.toThrow(/worker exited/);
  });
});

describe("workerLayers (the part of design A's first fields drawn on the worker)", () => {
  it('takes the costliest layers up to the share, and never a layer without a field', () => {
    // Layer 0 has no field; costs are noise octaves per grid point.
    expect(workerLayers([0, 7, 7, 6, 6, 5, 3, 3], 0.55)).toEqual([1, 2, 3]);
    expect(workerLayers([0, 7, 7, 6, 6, 5, 3, 3], 0)).toEqual([]);
    expect(workerLayers([0, 4], 1)).toEqual([1]);
  });
});

describe('camo-engine CLI', () => {
  it('writes both designs with their recipes, analyses and prompts, then exits 0', async () => {
    const out = mkdtempSync(join(tmpdir(), 'camo-cli-'));
    const { stdout } = await run(process.execPath, [bin, 'generate', photoPath, '--out', out, '--seed', '2']);
    expect(stdout).toMatch(/^A \(organic\): .*design-A\.png {2}dsn_[0-9a-f]{16}$/m);
    expect(stdout).toMatch(/^B \(digital\): .*design-B\.png {2}dsn_[0-9a-f]{16}$/m);
    expect(stdout).toMatch(/^generated in \d+ ms$/m);
    for (const v of ['A', 'B']) {
      expect(
        readFileSync(join(out, `design-${v}.png`))
          .subarray(1, 4)
          .toString(),
      ).toBe('PNG');
      expect(JSON.parse(readFileSync(join(out, `design-${v}.recipe.json`), 'utf8'))).toHaveProperty(
        'palette',
      );
      expect(readFileSync(join(out, `design-${v}.md`), 'utf8').length).toBeGreaterThan(100);
    }
  });

  it('prints the usage and exits 2 without a photo or an output folder', async () => {
    const err = (await run(process.execPath, [bin, 'generate', photoPath]).catch((e: unknown) => e)) as {
      code?: number;
      stderr?: string;
    };
    expect(err.code).toBe(2);
    expect(err.stderr).toContain('usage:');
  });

  it('says which file it cannot read and exits 1, without a stack trace', async () => {
    const out = mkdtempSync(join(tmpdir(), 'camo-cli-'));
    const bad = join(out, 'notes.jpg');
    writeFileSync(bad, 'not a photo');
    const err = (await run(process.execPath, [bin, 'generate', bad, '--out', out]).catch(
      (e: unknown) => e,
    )) as { code?: number; stderr?: string };
    expect(err.code).toBe(1);
    expect(err.stderr).toBe(
      `camo-engine: cannot read ${bad}: unsupported or damaged image: Input buffer contains unsupported image format\n`,
    );
  });

  describe('edit, on a request it cannot make', () => {
    let recipePath = '';
    const refused = async (text: string) => {
      const out = mkdtempSync(join(tmpdir(), 'camo-cli-'));
      return (await run(process.execPath, [bin, 'edit', recipePath, text, '--out', out]).catch(
        (e: unknown) => e,
      )) as { code?: number; stderr?: string };
    };
    beforeAll(async () => {
      const res = generate({ photo: await readPhoto(photoPath), seed: 2, candidates: 1 });
      recipePath = join(mkdtempSync(join(tmpdir(), 'camo-cli-')), 'design-A.recipe.json');
      writeFileSync(recipePath, JSON.stringify(res.designs[0].recipe));
    });

    it("says in the site's sentence that it understood nothing, with up to three suggestions in the site's words", async () => {
      const err = await refused('draw some lines on it');
      expect(err.code).toBe(1);
      expect(err.stderr).not.toContain('no-change-found');
      expect(err.stderr).toBe(
        `${editRefusalText['no-change-found']}\nYou could try: ${editSuggestionText['contour-lines']}; ${editSuggestionText['outlines']}; ${editSuggestionText['stripes']}.\n`,
      );
    });

    it('says what it understood when the request would change nothing', async () => {
      const err = await refused('switch to an organic style');
      expect(err.code).toBe(1);
      expect(err.stderr).toBe(
        `${(editRefusalText['would-change-nothing'] ?? '').slice(0, -1)}: the design is already organic.\n`,
      );
    });

    it('a request with no words it knows gets the sentence alone', async () => {
      const err = await refused('qwxz plorp');
      expect(err.stderr).toBe(`${editRefusalText['no-change-found']}\n`);
    });
  });
});
