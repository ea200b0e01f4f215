import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { readPhoto } from '../../src/node.js';
import { FIXTURE_CONTEXT, HELD_OUT_CONTEXT } from '../../test/fixtures.js';

/**
 * A figures script's arguments: `--greedy` (the palette before decision 023, no longer the
 * default) and the photos to keep.
 */
export function checkArgs(argv = process.argv.slice(2)) {
  return { greedy: argv.includes('--greedy'), only: argv.filter((a) => a !== '--greedy') };
}

/**
 * Every fixture, then every held-out photo (or those named in `only`), read, with the context the
 * tests give it (its description, state and county).
 */
export async function* photosToCheck(only: string[]) {
  for (const held of [false, true]) {
    const dir = fileURLToPath(
      new URL(held ? '../../fixtures/held-out/' : '../../fixtures/', import.meta.url),
    );
    for (const file of readdirSync(dir)
      .filter((x) => x.endsWith('.jpg'))
      .sort()) {
      const name = file.replace(/\.jpg$/, '');
      if (only.length && !only.includes(name)) continue;
      const context = held
        ? { description: HELD_OUT_CONTEXT[name] ?? name, state: '', county: '' }
        : (FIXTURE_CONTEXT[name] ?? {});
      yield { name, held, photo: await readPhoto(dir + file), context };
    }
  }
}
