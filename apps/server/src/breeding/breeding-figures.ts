import {
  allowForSpeed,
  breedingBeatsControl,
  controlLine,
  judge,
  playerOffsets,
  survivors,
  type JudgedDesign,
  type PlayedRound,
} from '@camo/shared/breeding';
import { breedingMessages, type GenerationLine } from '@camo/shared/breeding.schema';
import { HUNT_TIME_LIMIT_MS } from '@camo/shared/hunt';
import { medianInterval } from '@camo/shared/survival';

/**
 * A ground's figures from its rounds (decision 038): each design judged in each generation, the
 * survivors, and the two lines of its page. Pure, so the page, the turnover job and the tests read
 * the same figures from the same rounds.
 */

/** A counted round of a ground (answered, by an account old enough when it played), oldest first. */
export interface GroundRound {
  designId: string;
  generation: number;
  playerId: string;
  elapsedMs: number;
  found: boolean;
}

/** A design as a member of one generation. */
export interface GenerationMember {
  id: string;
  generation: number;
  line: 'bred' | 'control';
  survived: boolean;
}

/** A design judged in one generation: a survivor is judged again in each, with no old times. */
const key = (designId: string, generation: number) => `${designId}@${generation}`;

export interface GroundFigures {
  /** Each member's judgement, by design and generation. */
  judged: Map<string, JudgedDesign>;
  lines: GenerationLine[];
  claim: { beats: boolean; message: string };
}

/**
 * Every round's time allowed for its player's speed (the offsets from every round of the ground),
 * grouped by design and generation.
 */
function roundsByMember(rounds: readonly GroundRound[]) {
  const played: PlayedRound[] = rounds.map((r) => ({
    designId: key(r.designId, r.generation),
    playerId: r.playerId,
    ms: r.elapsedMs,
    found: r.found,
  }));
  const offsets = playerOffsets(played);
  const grouped = new Map<string, PlayedRound[]>();
  for (const r of played) {
    const list = grouped.get(r.designId) ?? [];
    list.push(allowForSpeed(r, offsets));
    grouped.set(r.designId, list);
  }
  return grouped;
}

export function judgeMember(
  member: Pick<GenerationMember, 'id' | 'generation'>,
  grouped: ReadonlyMap<string, PlayedRound[]>,
  judges: number,
): JudgedDesign {
  const at = key(member.id, member.generation);
  return { ...judge(member.id, grouped.get(at) ?? [], judges), id: member.id };
}

/** The designs of `generation`'s bred line that survive to breed the next; null until it is all judged. */
export function generationSurvivors(
  members: readonly GenerationMember[],
  rounds: readonly GroundRound[],
  generation: number,
  judges: number,
): string[] | null {
  const grouped = roundsByMember(rounds);
  const inGeneration = members.filter((m) => m.generation === generation);
  if (inGeneration.some((m) => !judgeMember(m, grouped, judges).judged)) return null;
  const bred = inGeneration.filter((m) => m.line === 'bred').map((m) => judgeMember(m, grouped, judges));
  return survivors(bred)?.map((d) => d.id) ?? null;
}

/**
 * The fresh design the control line carries into the generation after `upTo` (decision 038): of
 * the controls judged in generations up to `upTo`, each by its standing (a carried one by its rounds
 * since it was picked), the best by restricted mean time hidden, ties by id; null before one is judged.
 * Random search at equal rounds a design, whose pick is then judged again by rounds that did not
 * choose it, so the line it draws is not flattered by the luck that picked it (the winner's curse).
 */
export function controlChampion(
  members: readonly GenerationMember[],
  rounds: readonly GroundRound[],
  upTo: number,
  judges: number,
): string | null {
  const grouped = roundsByMember(rounds);
  const ids = new Set(members.filter((m) => m.line === 'control' && m.generation <= upTo).map((m) => m.id));
  const standings = [...ids].map((id) => standingOf(members, grouped, id, upTo, judges));
  return controlLine(standings)?.id ?? null;
}

/**
 * A fresh design's standing by generation `upTo`: once carried, its rounds in every generation it
 * was carried into (the rounds that did not pick it, adding up while it stays the pick: five rounds
 * never bound a median from above, fifteen mostly do); never carried, the rounds of its own
 * generation. One round a player counts, as everywhere.
 */
function standingOf(
  members: readonly GenerationMember[],
  grouped: ReadonlyMap<string, PlayedRound[]>,
  id: string,
  upTo: number,
  judges: number,
): JudgedDesign {
  const generations = members
    .filter((m) => m.id === id && m.line === 'control' && m.generation <= upTo)
    .map((m) => m.generation)
    .sort((a, b) => a - b);
  const read = generations.length > 1 ? generations.slice(1) : generations;
  return {
    ...judge(
      id,
      read.flatMap((g) => grouped.get(key(id, g)) ?? []),
      judges,
    ),
    id,
  };
}

/** The ground's figures up to its current generation. */
export function groundFigures(
  members: readonly GenerationMember[],
  rounds: readonly GroundRound[],
  current: number,
  judges: number,
): GroundFigures {
  const grouped = roundsByMember(rounds);
  const judged = new Map<string, JudgedDesign>();
  for (const m of members) judged.set(key(m.id, m.generation), judgeMember(m, grouped, judges));
  const lines: GenerationLine[] = [];
  const firstIn = new Map<string, number>();
  for (const m of members) firstIn.set(m.id, Math.min(firstIn.get(m.id) ?? m.generation, m.generation));
  for (let g = 0; g <= current; g++) {
    const inGeneration = members.filter((m) => m.generation === g);
    if (inGeneration.length === 0) continue;
    const bredRounds = inGeneration
      .filter((m) => m.line === 'bred')
      .flatMap((m) => grouped.get(key(m.id, g)) ?? []);
    // The control line: the best fresh design so far, by the rounds it has had since it was picked.
    const carried = inGeneration.find((m) => m.line === 'control' && firstIn.get(m.id)! < g);
    lines.push({
      generation: g,
      bred: medianInterval(bredRounds, HUNT_TIME_LIMIT_MS),
      control: carried ? standingOf(members, grouped, carried.id, g, judges).interval : null,
      rounds:
        bredRounds.length +
        inGeneration
          .filter((m) => m.line === 'control')
          .reduce((n, m) => n + (grouped.get(key(m.id, g))?.length ?? 0), 0),
      survivors: inGeneration.filter((m) => m.survived).map((m) => m.id),
    });
  }
  // The claim at the latest generation with both lines: never where a bound is unknown.
  const latest = [...lines].reverse().find((l) => l.control !== null && l.generation > 0);
  const beats = latest ? breedingBeatsControl(latest.bred, latest.control!) : false;
  return {
    judged,
    lines,
    claim: { beats, message: beats ? breedingMessages.claimBeaten : breedingMessages.claimNotYet },
  };
}

export { key as memberKey };

/** Wilson's 95% interval for a share of `n` (null bounds when there is nothing to count). */
export function wilson(k: number, n: number, z = 1.959964): { low: number | null; high: number | null } {
  if (n === 0) return { low: null, high: null };
  const p = k / n;
  const centre = (p + (z * z) / (2 * n)) / (1 + (z * z) / n);
  const half = (z / (1 + (z * z) / n)) * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

/**
 * How often the predictor orders two designs judged in one generation as the game did (issue 44
 * item 6, the most direct test of the predictor the product can run): every pair of a generation's
 * judged members whose predicted hiding and restricted mean time hidden both differ, counted once.
 */
export function predictorAgreement(
  members: readonly (Pick<GenerationMember, 'id' | 'generation'> & { predicted: number | null })[],
  judged: ReadonlyMap<string, JudgedDesign>,
) {
  let pairs = 0;
  let agreeing = 0;
  const scored = members.flatMap((m) => {
    const j = judged.get(key(m.id, m.generation));
    return j?.judged && m.predicted !== null
      ? [{ ...m, predicted: m.predicted, hidden: j.meanHiddenMs }]
      : [];
  });
  for (let a = 0; a < scored.length; a++)
    for (let b = a + 1; b < scored.length; b++) {
      const x = scored[a]!;
      const y = scored[b]!;
      if (x.generation !== y.generation) continue;
      const game = Math.sign(x.hidden - y.hidden);
      const predictor = Math.sign(x.predicted - y.predicted);
      if (game === 0 || predictor === 0) continue;
      pairs++;
      if (game === predictor) agreeing++;
    }
  return { pairs, agreeing, ...wilson(agreeing, pairs) };
}
