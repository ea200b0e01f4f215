import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { canonicalCounty } from '@camo/shared/counties';
import { generationFieldsSchema, type Variant } from '@camo/shared/generation.schema';
import type { AppContext } from '../../src/compose.js';
import type { DesignProvider, ProviderDesign, ProviderInput } from '../../src/generation/provider.js';
import { commentTexts, people, scenes, stories, type SeedScene } from './community-plan.js';
import { createSeedRepository, type SeedUser } from './seed.repository.js';

const FIXTURES = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../packages/camo-engine/fixtures',
);

const DAY = 24 * 60 * 60 * 1000;
/** The community's history: its first design is about this old. */
const HISTORY_DAYS = 240;
export const SEED_EMAIL_DOMAIN = 'community.example';

/** A stable UUID for a name, so a second run finds what the first one made. */
export function seedId(name: string): string {
  const hex = createHash('sha256').update(`camo-seed:${name}`).digest('hex');
  const variant = ((parseInt(hex[16]!, 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** A small seeded generator (mulberry32): the same plan on every run. */
function random(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  const int = (n: number) => Math.floor(next() * n);
  const pick = <T>(xs: readonly T[]): T => xs[int(xs.length)]!;
  const shuffle = <T>(xs: readonly T[]): T[] => {
    const out = [...xs];
    for (let i = out.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  };
  return { next, int, pick, shuffle };
}

/**
 * The engine's designs for an identical photo, place and description are reused: a scene is
 * generated once and each of its two designs (one person picks A, another B) still goes through
 * the whole pipeline, with its own records and files.
 */
export function reusingProvider(inner: DesignProvider): DesignProvider & { engineCalls(): number } {
  const made = new Map<string, Promise<ProviderDesign>>();
  let calls = 0;
  const keyOf = (input: ProviderInput, variant: Variant) =>
    createHash('sha256')
      .update(input.photo.rgb)
      .update(
        JSON.stringify([
          input.photo.width,
          input.photo.height,
          variant,
          input.state,
          input.county,
          input.description,
          input.toggles,
        ]),
      )
      .digest('hex');
  return {
    name: inner.name,
    generate(input, variant) {
      const key = keyOf(input, variant);
      let design = made.get(key);
      if (!design) {
        calls++;
        design = inner.generate(input, variant);
        design.catch(() => made.delete(key));
        made.set(key, design);
      }
      return design;
    },
    edit: (design, request) => inner.edit(design, request),
    render: (recipe, size) => inner.render(recipe, size),
    close: () => inner.close(),
    engineCalls: () => calls,
  };
}

interface PlannedDesign {
  key: string;
  scene: SeedScene;
  variant: Variant;
  name: string;
  owner: SeedUser;
  photoAt: Date;
  submittedAt: Date;
  story: string | null;
  votes: { voter: SeedUser; at: Date }[];
  comments: { author: SeedUser; text: string; at: Date }[];
}

/** Who made what, when, and who voted and commented: decided up front from a fixed seed. */
function plan(now: Date, sceneCount: number): { users: SeedUser[]; designs: PlannedDesign[] } {
  const rnd = random(20251123);
  const start = now.getTime() - HISTORY_DAYS * DAY;
  // Nobody's activity lands in the last few minutes, so the per-minute comment limit never sees it.
  const latest = now.getTime() - 10 * 60 * 1000;
  const users: SeedUser[] = people.map((p) => ({
    id: seedId(`user:${p.handle}`),
    name: p.name,
    email: `${p.handle}@${SEED_EMAIL_DOMAIN}`,
    joinedAt: new Date(latest),
    lastSignIn: new Date(start),
  }));
  // Some people design a lot, some only vote and comment.
  const designers = users.slice(0, Math.ceil(users.length * 0.75));
  const weights = designers.map((_, i) => 1 / (1 + i * 0.15));
  const total = weights.reduce((a, b) => a + b, 0);
  const pickDesigner = (not?: SeedUser): SeedUser => {
    for (;;) {
      let r = rnd.next() * total;
      const found = designers.find((_, i) => (r -= weights[i]!) < 0) ?? designers[0]!;
      if (found !== not) return found;
    }
  };

  const designs: PlannedDesign[] = [];
  const chosen = scenes.slice(0, sceneCount);
  const slots = rnd.shuffle(
    chosen.flatMap((scene, i) => (['A', 'B'] as const).map((v) => ({ scene, i, v }))),
  );
  const firstOwner = new Map<number, SeedUser>();
  slots.forEach(({ scene, i, v }, order) => {
    const owner = pickDesigner(firstOwner.get(i));
    firstOwner.set(i, owner);
    // Spread over the history, a little more often lately (the community grows).
    const position = Math.sqrt((order + rnd.next()) / slots.length);
    const photoAt = new Date(start + position * (latest - start - 2 * DAY));
    const submittedAt = new Date(photoAt.getTime() + (2 + rnd.int(40)) * 60 * 1000);
    designs.push({
      key: `${scene.photo}:${scene.state}:${v}`,
      scene,
      variant: v,
      name: scene.names[v === 'A' ? 0 : 1],
      owner,
      photoAt,
      submittedAt,
      story: rnd.next() < 0.35 ? rnd.pick(stories) : null,
      votes: [],
      comments: [],
    });
  });

  for (const design of designs) {
    const age = (latest - design.submittedAt.getTime()) / (latest - start);
    // Older designs have had time to collect votes; some simply catch on.
    const count = Math.min(users.length - 1, Math.round(age * 10 + rnd.next() ** 2 * 18));
    const others = rnd.shuffle(users.filter((u) => u !== design.owner));
    const within = () =>
      new Date(design.submittedAt.getTime() + rnd.next() ** 2 * (latest - design.submittedAt.getTime()));
    design.votes = others.slice(0, count).map((voter) => ({ voter, at: within() }));
    const commentCount = rnd.int(5);
    design.comments = Array.from({ length: commentCount }, () => ({
      author: rnd.pick(others),
      text: rnd.pick(commentTexts),
      at: within(),
    })).sort((a, b) => a.at.getTime() - b.at.getTime());
  }

  // Everyone joined before the first thing they did, and last signed in at their latest.
  for (const user of users) {
    const times = designs.flatMap((d) => [
      ...(d.owner === user ? [d.photoAt] : []),
      ...d.votes.filter((v) => v.voter === user).map((v) => v.at),
      ...d.comments.filter((c) => c.author === user).map((c) => c.at),
    ]);
    const first = Math.min(latest, ...times.map((t) => t.getTime()));
    const last = Math.max(start, ...times.map((t) => t.getTime()));
    user.joinedAt = new Date(first - (1 + rnd.int(20)) * DAY);
    user.lastSignIn = new Date(last);
  }
  return { users, designs };
}

export interface SeedResult {
  users: number;
  designs: number;
  votes: number;
  comments: number;
}

export interface SeedOptions {
  /** How many scenes of the plan to use (two designs each); all by default. */
  scenes?: number;
  /** Moves the services' clock (the one compose was given). */
  setClock: (at: Date) => void;
  now?: Date;
  log?: (line: string) => void;
}

/**
 * Fills an instance with a community: people, designs made by the generator from the fixture
 * photos through the real create flow (upload, job, select, submit), votes and comments through
 * their services, dated over the past months. Safe to run twice: everything has a stable key
 * (user ids, the generation's idempotency key), so a second run finds it and adds nothing.
 */
export async function seedCommunity(app: AppContext, options: SeedOptions): Promise<SeedResult> {
  const now = options.now ?? new Date();
  const log = options.log ?? (() => undefined);
  const repo = createSeedRepository(app.database.db);
  const { users, designs } = plan(now, options.scenes ?? scenes.length);
  const result: SeedResult = { users: 0, designs: 0, votes: 0, comments: 0 };

  result.users = await repo.insertPeople(users);
  const photos = new Map<string, Buffer>();

  for (const [index, planned] of designs.entries()) {
    const { scene, owner } = planned;
    const bytes = photos.get(scene.photo) ?? (await readFile(path.join(FIXTURES, `${scene.photo}.jpg`)));
    photos.set(scene.photo, bytes);
    const fields = generationFieldsSchema.parse({
      description: scene.description,
      state: scene.state,
      county: canonicalCounty(scene.state, scene.county) ?? '',
      idempotencyKey: seedId(`generation:${planned.key}`),
    });

    options.setClock(planned.photoAt);
    const { photoId } = await app.generation.start(owner.id, fields, bytes);
    let generation = await app.generation.get(photoId, owner.id);
    if (generation.status !== 'completed') {
      options.setClock(new Date(planned.photoAt.getTime() + 20_000));
      await app.generation.run(photoId);
      generation = await app.generation.get(photoId, owner.id);
    }
    const design = generation.design;
    if (!design) throw new Error(`the generation of ${planned.key} made no design (${generation.status})`);

    const added = design.status === 'pending_selection';
    if (added) {
      options.setClock(new Date(planned.submittedAt.getTime() - 30_000));
      await app.designs.select(design.id, owner.id, planned.variant);
      options.setClock(planned.submittedAt);
      await app.designs.submit(design.id, owner.id, { name: planned.name });
      await repo.dateDesign(design.id, new Date(planned.photoAt.getTime() + 20_000), planned.story);
      result.designs++;
    }

    const votesHad = await repo.voteCount([design.id]);
    // The services' clock dates each vote (the contest counts votes by their time); a vote that
    // exists already is left as it is.
    for (const vote of planned.votes) {
      options.setClock(vote.at);
      await app.votes.vote(design.id, vote.voter.id);
    }
    result.votes += (await repo.voteCount([design.id])) - votesHad;
    if ((await repo.commentCount(design.id)) === 0) {
      for (const comment of planned.comments) {
        const made = await app.comments.create(design.id, comment.author.id, comment.text);
        await repo.dateComment(made.id, comment.at);
        result.comments++;
      }
    }
    if (added) log(`  ${index + 1}/${designs.length} ${planned.name} (${scene.state}) by ${owner.name}`);
  }
  return result;
}
