import type { Recipe } from '@camo/camo-engine';
import type { DesignToggles } from '@camo/shared/generation';
import { stateName } from '@camo/shared/states';
import { createHash } from 'node:crypto';
import type { Logger } from 'pino';
import type { EngineTasks } from '../engine/engine.js';
import { decodeForEngine, designThumbnail } from '../engine/photo.js';
import { photoRaster } from '../engine/photo-raster.js';
import { DEFAULT_REPEAT_CM } from '@camo/shared/shapes';
import { controlChampion, generationSurvivors } from './breeding-figures.js';
import type { BredKind, BreedingRepository, NewBredDesign, NewMember } from './breeding.repository.js';
import { roundsOfGround } from './breeding-rounds.js';

/** A child that misses a target is bred again from other parents this many times (decision 038). */
const PARENT_PAIRS_TRIED = 4;

export type BreedingEngine = Pick<EngineTasks, 'generate' | 'breed' | 'predict'>;

/**
 * A stable id for the `ordinal`th design drawn in a ground's generation: a job run again (a retry,
 * or after a crash) makes the same ids, and the generation is added once (a UUID of version 8).
 */
export function drawnId(groundId: string, generation: number, ordinal: number): string {
  const hex = createHash('sha256').update(`${groundId}:${generation}:${ordinal}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-8${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** The seeded draws of a generation: the same ground and generation give the same seeds and pairs. */
function drawsOf(groundId: string, generation: number) {
  let counter = 0;
  return () => {
    const digest = createHash('sha256').update(`${groundId}:${generation}:draw:${counter++}`).digest();
    return digest.readUInt32BE(0);
  };
}

/**
 * Draws a ground's generation and adds it whole (the breed-generation job): generation 0's
 * founders, or the survivors of the one before and their children; and, in every generation, fresh
 * controls, with the best fresh design so far carried from the one before to be judged again (the
 * control line). Safe to run twice: the designs are the same (seeded by the ground and generation), and
 * the generation is added with the ground's move to it, once.
 */
export async function drawGeneration(
  deps: { repo: BreedingRepository; engine: BreedingEngine; log: Pick<Logger, 'info' | 'warn'> },
  groundId: string,
  generation: number,
): Promise<void> {
  const { repo, engine } = deps;
  const ground = await repo.ground(groundId);
  if (!ground) return;
  let kept: string[] = [];
  let champion: string | null = null;
  if (generation === 0) {
    if (ground.status !== 'starting') return;
  } else {
    if (ground.generation !== generation - 1 || ground.status === 'starting') return;
    const members = await repo.members(groundId);
    const rounds = await roundsOfGround(repo, groundId);
    const chosen = generationSurvivors(members, rounds, generation - 1, ground.judges);
    if (!chosen) return;
    champion = controlChampion(members, rounds, generation - 1, ground.judges);
    if (
      ground.status === 'judging' &&
      !(await repo.moveStatus(groundId, generation - 1, ['judging'], 'breeding'))
    )
      return;
    kept = chosen;
  }

  const bytes = await repo.photo(groundId);
  if (!bytes) return;
  const photo = await decodeForEngine(bytes);
  // The photo as people see it in the game's rounds: what the predictor measures a design in.
  const shown = await photoRaster(bytes);
  const place = {
    ...photo,
    description: ground.description,
    state: ground.state,
    stateName: stateName(ground.state) ?? ground.state,
    county: ground.county,
  };
  const next = drawsOf(groundId, generation);
  const fresh = async (seed: number) => {
    const made = await engine.generate({
      ...place,
      toggles: ground.toggles as DesignToggles,
      variant: ground.variant,
      seed,
    });
    return { png: made.png, recipe: made.recipe };
  };
  const parents = new Map((await repo.recipes(kept)).map((p) => [p.id, p.recipe]));
  const child = async () => {
    let best: { png: Uint8Array; recipe: Recipe; missed: string[]; parents: [string, string] } | null = null;
    for (let tries = 0; tries < PARENT_PAIRS_TRIED; tries++) {
      const a = kept[next() % kept.length]!;
      const others = kept.filter((id) => id !== a);
      const b = others[next() % others.length]!;
      const made = await engine.breed({
        ...place,
        groundId,
        parents: [parents.get(a)!, parents.get(b)!],
        seed: next(),
      });
      if (!best || made.missed.length < best.missed.length) best = { ...made, parents: [a, b] };
      if (made.missed.length === 0) break;
    }
    if (best!.missed.length > 0)
      deps.log.warn(
        { groundId, generation, missed: best!.missed },
        'a bred child misses targets after every pair tried',
      );
    return best!;
  };

  // One design at a time: a generation is background work, and the engine's other thread stays
  // free for the site's requests.
  const designs: NewBredDesign[] = [];
  const members: NewMember[] = kept.map((designId) => ({ groundId, generation, designId, line: 'bred' }));
  const add = async (
    kind: BredKind,
    made: { png: Uint8Array; recipe: Recipe },
    parentsOf: [string, string] | null,
  ) => {
    const ordinal = designs.length;
    const id = drawnId(groundId, generation, ordinal);
    designs.push({
      id,
      groundId,
      kind,
      parentA: parentsOf?.[0] ?? null,
      parentB: parentsOf?.[1] ?? null,
      born: generation,
      ordinal,
      recipe: made.recipe,
      image: Buffer.from(made.png),
      thumb: await designThumbnail(made.png),
      // Each design's predicted hiding beside the game's judgement of it (decision 038, item 6).
      prediction: await engine.predict({ ...shown, png: made.png, repeatCm: DEFAULT_REPEAT_CM }),
    });
    members.push({ groundId, generation, designId: id, line: kind === 'control' ? 'control' : 'bred' });
  };
  for (let k = kept.length; k < ground.population; k++) {
    if (generation === 0) await add('founder', await fresh(next()), null);
    else {
      const made = await child();
      await add('child', made, made.parents);
    }
  }
  for (let c = 0; c < ground.controls; c++) await add('control', await fresh(next()), null);
  // The best fresh design so far, judged again: the control line of this generation.
  if (champion) members.push({ groundId, generation, designId: champion, line: 'control' });
  const added = await repo.addGeneration(groundId, generation, { designs, members, survivors: kept });
  if (added)
    deps.log.info({ groundId, generation, designs: designs.length }, 'breeding ground drew a generation');
}
