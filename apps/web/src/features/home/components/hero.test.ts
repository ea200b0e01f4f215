import { describe, expect, it } from 'vitest';
import { heroFadeOpacity } from './hero';

describe('heroFadeOpacity', () => {
  it('fades from 1 to 0 over 60% of the hero height', () => {
    expect(heroFadeOpacity(0, 1000)).toBe(1);
    expect(heroFadeOpacity(300, 1000)).toBeCloseTo(0.5);
    expect(heroFadeOpacity(600, 1000)).toBe(0);
    expect(heroFadeOpacity(2000, 1000)).toBe(0);
  });
  it('stays visible when the hero has no height yet', () => {
    expect(heroFadeOpacity(100, 0)).toBe(1);
  });
});
