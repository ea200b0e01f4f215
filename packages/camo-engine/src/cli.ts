import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  edit,
  EditNotUnderstoodError,
  generate,
  TOGGLE_NAMES,
  type Recipe,
  type ToggleName,
} from './index.js';
import { refusalWords } from './edit/refusal-words.js';
import { ParallelGenerator, readPhoto } from './node.js';

const USAGE = `usage:
  camo-engine generate <photo> --out <dir> [--serial] [--toggle <name> ...] [--seed <n>] [--description <text>] [--state <XX>] [--county <name>] [--hide-from deer|person] [--candidates <n>]
  camo-engine edit <recipe.json> "<text>" --out <dir>
toggles: ${TOGGLE_NAMES.join(', ')}`;

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

async function main(argv: string[]): Promise<number> {
  const [cmd, target, ...rest] = argv;
  const out = option(argv, '--out');
  if (!cmd || !target || !out) {
    console.error(USAGE);
    return 2;
  }
  if (cmd === 'generate') {
    // Start the worker thread for design B first: its start-up (a thread and the engine's bundle,
    // tens of milliseconds) overlaps reading the photo. With --serial both designs are drawn here;
    // the output is the same either way. (The CLI once went serial when the load average said
    // every core was busy, but that average trails the present by a minute: after any burst of
    // work it chose one thread on an idle machine and took a third longer.)
    const parallel = argv.includes('--serial') ? null : new ParallelGenerator();
    await mkdir(out, { recursive: true });
    const toggles: Partial<Record<ToggleName, boolean>> = {};
    argv.forEach((a, i) => {
      if (a !== '--toggle') return;
      const name = argv[i + 1] as ToggleName;
      if (!TOGGLE_NAMES.includes(name)) throw new Error(`unknown toggle "${argv[i + 1]}"; ${USAGE}`);
      toggles[name] = true;
    });
    const t0 = performance.now();
    let photo;
    try {
      photo = await readPhoto(target);
    } catch (e) {
      await parallel?.close();
      console.error(`camo-engine: cannot read ${target}: ${e instanceof Error ? e.message : String(e)}`);
      return 1;
    }
    const input = {
      photo,
      toggles,
      seed: Number(option(argv, '--seed') ?? 1),
      description: option(argv, '--description') ?? '',
      state: option(argv, '--state') ?? '',
      county: option(argv, '--county') ?? '',
      hideFrom: option(argv, '--hide-from') === 'person' ? ('person' as const) : ('deer' as const),
      // One candidate unless asked: a cold CLI process with six misses G9's 1.5 s (README).
      candidates: Number(option(argv, '--candidates') ?? 1),
    };
    const res = parallel ? await parallel.generate(input) : generate(input);
    await parallel?.close();
    const ms = performance.now() - t0;
    for (const d of res.designs) {
      await writeFile(join(out, `design-${d.variant}.png`), d.png);
      await writeFile(join(out, `design-${d.variant}.recipe.json`), JSON.stringify(d.recipe, null, 2));
      await writeFile(join(out, `design-${d.variant}.md`), d.markdownAnalysis);
      await writeFile(join(out, `design-${d.variant}.prompt.txt`), d.prompt);
      console.log(`${d.variant} (${d.style}): ${join(out, `design-${d.variant}.png`)}  ${d.designId}`);
    }
    console.log(`generated in ${ms.toFixed(0)} ms`);
    return 0;
  }
  await mkdir(out, { recursive: true });
  if (cmd === 'edit') {
    const text = rest.find((a, i) => !a.startsWith('--') && rest[i - 1] !== '--out');
    if (!text) {
      console.error(USAGE);
      return 2;
    }
    const recipe = JSON.parse(await readFile(target, 'utf8')) as Recipe;
    try {
      const res = edit(recipe, text);
      await writeFile(join(out, 'edited.png'), res.png);
      await writeFile(join(out, 'edited.recipe.json'), JSON.stringify(res.recipe, null, 2));
      console.log(`${res.summary}\n${join(out, 'edited.png')}`);
      return 0;
    } catch (e) {
      if (e instanceof EditNotUnderstoodError) {
        console.error(refusalWords(e.reason, e.suggestions, e.why));
        return 1;
      }
      throw e;
    }
  }
  console.error(USAGE);
  return 2;
}

process.exitCode = await main(process.argv.slice(2));
