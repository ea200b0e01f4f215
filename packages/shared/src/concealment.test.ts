import { describe, expect, it } from 'vitest';
import { concealmentText, hidingFall } from './concealment.js';
import { galleryQuerySchema } from './community.schema.js';

describe('a card says for whom and how far its figure is (issue 39)', () => {
  const deer25 = { observer: 'deer', distanceM: 25, pending: false } as const;

  it('names the eye and the distance with the figure', () => {
    const predicted = { source: 'predicted', value: 90.4, rounds: 0, calibrated: false } as const;
    expect(concealmentText.cardFigure(predicted, deer25)).toBe('Hides 90 from a deer at 25 m · predicted');
    const measured = { source: 'measured', value: 12.34, rounds: 5, calibrated: false } as const;
    expect(concealmentText.cardFigure(measured, { observer: 'person', distanceM: 10, pending: false })).toBe(
      'Hides 12.3 s from a person at 10 m · from 5 rounds',
    );
  });

  it('says "measuring..." while the figure is being computed, and out of range where there is none', () => {
    expect(concealmentText.cardFigure(null, { ...deer25, pending: true })).toBe('measuring...');
    expect(concealmentText.cardFigure(null, { ...deer25, distanceM: 100 })).toBe(
      'No figure for a deer at 100 m: out of range in its photo',
    );
  });

  it('gives a place, or a range of places where figures cannot be told apart', () => {
    expect(concealmentText.cardPlace({ from: 2, to: 2 })).toBe('Place 2');
    expect(concealmentText.cardPlace({ from: 2, to: 4 })).toBe('Places 2-4: too close to tell apart');
  });

  it('counts the designs still being measured', () => {
    expect(concealmentText.measuringNotice(1)).toMatch(
      /^1 design is still being measured \(marked "measuring..."\); it takes its place/,
    );
    expect(concealmentText.measuringNotice(3)).toMatch(
      /^3 designs are still being measured \(marked "measuring..."\); they take their places/,
    );
  });
});

describe('the gallery query names an eye, the pages\u2019 one default unless chosen', () => {
  it('defaults to a deer at 25 m and refuses other distances', () => {
    expect(galleryQuerySchema.parse({ sort: 'hiding' })).toMatchObject({ observer: 'deer', distance: 25 });
    expect(galleryQuerySchema.parse({ sort: 'hiding', observer: 'person', distance: '10' })).toMatchObject({
      observer: 'person',
      distance: 10,
    });
    expect(galleryQuerySchema.safeParse({ observer: 'elk' }).success).toBe(false);
    expect(galleryQuerySchema.safeParse({ distance: '30' }).success).toBe(false);
  });
});

describe('where a figure falls with distance', () => {
  const at = (distanceM: number, hiding: number | null, se: number | null = null) => ({
    observer: 'deer' as const,
    distanceM,
    hiding,
    se,
  });

  it('finds the first reliable fall, skipping distances out of range', () => {
    expect(hidingFall([at(10, 60), at(25, 70), at(50, 50), at(100, 40)], 'deer')).toEqual({
      near: 25,
      far: 50,
    });
    expect(hidingFall([at(10, 60), at(25, null), at(50, 50)], 'deer')).toEqual({ near: 10, far: 50 });
  });

  it('does not call a fall within chance or a rise a fall', () => {
    expect(hidingFall([at(10, 60, 4), at(25, 55, 4)], 'deer')).toBeNull();
    expect(hidingFall([at(10, 60), at(25, 58), at(50, 80)], 'deer')).toBeNull();
    expect(hidingFall([at(10, 60), at(25, 40)], 'person')).toBeNull();
  });

  it('explains it in a hunter\u2019s words', () => {
    expect(concealmentText.fallWhy('deer', 25, 50)).toContain(
      'a smaller target is usually harder to find, but at 50 m a deer can no longer make out',
    );
  });
});
