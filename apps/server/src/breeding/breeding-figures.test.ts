import { describe, expect, it } from 'vitest';
import {
  controlChampion,
  groundFigures,
  memberKey,
  predictorAgreement,
  wilson,
  type GroundRound,
} from './breeding-figures.js';

const played = (designId: string, generation: number, playerId: string, elapsedMs: number): GroundRound => ({
  designId,
  generation,
  playerId,
  elapsedMs,
  found: true,
});

describe("a ground's figures", () => {
  it("gives Wilson's score interval as Newcombe's table does (1998, Statistics in Medicine 17: 857-872, method 3)", () => {
    for (const [k, n, low, high] of [
      [81, 263, 0.2553, 0.3662],
      [15, 148, 0.0624, 0.1605],
      [0, 20, 0, 0.1611],
      [1, 29, 0.0061, 0.1718],
    ] as const) {
      const interval = wilson(k, n);
      expect(interval.low).toBeCloseTo(low, 4);
      expect(interval.high).toBeCloseTo(high, 4);
    }
    expect(wilson(0, 0)).toEqual({ low: null, high: null });
  });

  it("counts the pairs of a generation's judged designs the predictor orders as the game did", () => {
    // Three designs judged by two players; the game finds c fastest, then b, then a.
    const rounds: GroundRound[] = [];
    const times = { a: 9_000, b: 5_000, c: 2_000 };
    for (const [id, ms] of Object.entries(times))
      for (const playerId of ['p', 'q'])
        rounds.push({ designId: id, generation: 0, playerId, elapsedMs: ms, found: true });
    const members = (['a', 'b', 'c'] as const).map((id) => ({
      id,
      generation: 0,
      line: 'bred' as const,
      survived: false,
    }));
    const figures = groundFigures(members, rounds, 0, 2);
    expect(members.every((m) => figures.judged.get(memberKey(m.id, 0))?.judged)).toBe(true);
    // The predictor has a and b right, and c above b: two of three pairs in the game's order.
    const predicted = { a: 80, b: 40, c: 60 };
    const agreement = predictorAgreement(
      members.map((m) => ({ ...m, predicted: predicted[m.id] })),
      figures.judged,
    );
    expect(agreement).toMatchObject({ pairs: 3, agreeing: 2 });
    // A design without a figure, or not judged, is left out.
    expect(
      predictorAgreement(
        members.map((m) => ({ ...m, predicted: m.id === 'c' ? null : predicted[m.id] })),
        figures.judged,
      ),
    ).toMatchObject({ pairs: 1, agreeing: 1 });
  });

  it('claims nothing in generation 0, where no fresh design has been judged again yet', () => {
    const members = [
      { id: 'a', generation: 0, line: 'bred' as const, survived: true },
      { id: 'k', generation: 0, line: 'control' as const, survived: false },
    ];
    const rounds: GroundRound[] = ['a', 'k'].flatMap((id) =>
      ['p', 'q'].map((playerId) => played(id, 0, playerId, 3_000)),
    );
    const figures = groundFigures(members, rounds, 0, 2);
    expect(figures.lines).toHaveLength(1);
    expect(figures.lines[0]).toMatchObject({ generation: 0, rounds: 4, survivors: ['a'], control: null });
    expect(figures.claim.beats).toBe(false);
  });

  it('carries the best fresh design so far into the next generation and lines it by its new rounds only', () => {
    // Generation 0: fresh k hid 9 s for its two players (lucky), fresh m 4 s. Carried into
    // generation 1, k is found in 2 s: the line shows 2 s, not the 9 s that picked it.
    const members = [
      { id: 'k', generation: 0, line: 'control' as const, survived: false },
      { id: 'm', generation: 0, line: 'control' as const, survived: false },
      { id: 'a', generation: 0, line: 'bred' as const, survived: true },
      { id: 'a', generation: 1, line: 'bred' as const, survived: false },
      { id: 'k', generation: 1, line: 'control' as const, survived: false },
      { id: 'n', generation: 1, line: 'control' as const, survived: false },
    ];
    const rounds: GroundRound[] = [
      ...['p', 'q'].flatMap((pl) => [
        played('k', 0, pl, 9_000),
        played('m', 0, pl, 4_000),
        played('a', 0, pl, 5_000),
      ]),
      ...['p', 'q'].flatMap((pl) => [
        played('k', 1, pl, 2_000),
        played('n', 1, pl, 3_000),
        played('a', 1, pl, 5_000),
      ]),
    ];
    expect(controlChampion(members, rounds, 0, 2)).toBe('k');
    const figures = groundFigures(members, rounds, 1, 2);
    expect(figures.lines[1]!.control?.medianMs).toBe(2_000);
    // Judged again, k now ranks by its latest rounds (2 s): m (4 s) is the best fresh design so far.
    expect(controlChampion(members, rounds, 1, 2)).toBe('m');
    // Not judged yet (one player of two), a design is no one's pick.
    expect(controlChampion(members, rounds.slice(0, 1), 0, 2)).toBeNull();
  });

  it('reads a pick kept for several generations by every round it has had since it was picked', () => {
    // k, picked in generation 0, stays the pick: found in 2 s by p and q in generation 1, in 6 s by
    // r and s in generation 2. Generation 2's line reads all four rounds (median 2 s), not its own two
    // (6 s); and not the 9 s that picked it.
    const members = (['k', 'k', 'k'] as const).map((id, generation) => ({
      id,
      generation,
      line: 'control' as const,
      survived: false,
    }));
    const rounds: GroundRound[] = [
      ...['p', 'q'].map((pl) => played('k', 0, pl, 9_000)),
      ...['p', 'q'].map((pl) => played('k', 1, pl, 2_000)),
      ...['r', 's'].map((pl) => played('k', 2, pl, 6_000)),
    ];
    const figures = groundFigures(members, rounds, 2, 2);
    expect(figures.lines.map((l) => l.control?.medianMs ?? null)).toEqual([null, 2_000, 2_000]);
    expect(controlChampion(members, rounds, 2, 2)).toBe('k');
  });

  it('leaves a design judged by too few players out of the pick', () => {
    const members = [
      { id: 'k', generation: 0, line: 'control' as const, survived: false },
      { id: 'm', generation: 0, line: 'control' as const, survived: false },
    ];
    const rounds = [played('k', 0, 'p', 9_000), played('m', 0, 'p', 1_000), played('m', 0, 'q', 1_000)];
    expect(controlChampion(members, rounds, 0, 2)).toBe('m');
    expect(controlChampion(members, rounds.slice(0, 1), 0, 2)).toBeNull();
  });
});
