import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// The naming rule of this package: `<x>.schema.ts` holds zod schemas (and may re-export `<x>.ts`),
// `<x>.ts` holds plain rules and text, which the browser's pages import without zod.
const dir = fileURLToPath(new URL('.', import.meta.url));
const modules = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
const importsZod = (name: string) => /from '(zod|\.\/zod\.js)'/.test(readFileSync(dir + name, 'utf8'));

describe('shared module names', () => {
  it('only <x>.schema.ts modules (and the zod set-up itself) import zod', () => {
    const misnamed = modules.filter(
      (name) => importsZod(name) && !name.endsWith('.schema.ts') && name !== 'zod.ts',
    );
    expect(misnamed).toEqual([]);
  });

  it('every <x>.schema.ts module defines schemas', () => {
    const empty = modules.filter((name) => name.endsWith('.schema.ts') && !importsZod(name));
    expect(empty).toEqual([]);
  });
});
