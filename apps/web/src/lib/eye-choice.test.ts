import { act, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { EYE_STORAGE_KEY, defaultEye, eyeFromParams, parseSavedEye, useEyeChoice } from './eye-choice';

describe('the one remembered eye (issue 39)', () => {
  it('defaults to a deer at 25 m', () => {
    expect(defaultEye).toEqual({ observer: 'deer', distance: 25 });
    expect(parseSavedEye(null)).toEqual(defaultEye);
  });

  it('keeps a saved choice and drops what it did not write', () => {
    expect(parseSavedEye('{"observer":"person","distance":10}')).toEqual({
      observer: 'person',
      distance: 10,
    });
    expect(parseSavedEye('not json')).toEqual(defaultEye);
    expect(parseSavedEye('{"observer":"person","distance":30}')).toEqual({
      observer: 'person',
      distance: 25,
    });
    expect(parseSavedEye('null')).toEqual(defaultEye);
  });

  it('is remembered for every page, and survives a storage that refuses to be used', () => {
    const first = renderHook(() => useEyeChoice());
    act(() => first.result.current[1]({ observer: 'person', distance: 50 }));
    expect(JSON.parse(localStorage.getItem(EYE_STORAGE_KEY)!)).toEqual({ observer: 'person', distance: 50 });
    expect(renderHook(() => useEyeChoice()).result.current[0]).toEqual({ observer: 'person', distance: 50 });
    // A browser that refuses the storage altogether (as some private modes do).
    const spy = vi.spyOn(window, 'localStorage', 'get').mockImplementation(() => {
      throw new Error('denied');
    });
    try {
      const broken = renderHook(() => useEyeChoice());
      expect(broken.result.current[0]).toEqual(defaultEye);
      expect(() => act(() => broken.result.current[1]({ observer: 'deer', distance: 10 }))).not.toThrow();
    } finally {
      spy.mockRestore();
    }
  });

  it("reads a URL's eye, each half falling back to the remembered one, and none when it names neither", () => {
    const saved = { observer: 'person', distance: 50 } as const;
    expect(eyeFromParams(new URLSearchParams('observer=deer&distance=100'), saved)).toEqual({
      observer: 'deer',
      distance: 100,
    });
    expect(eyeFromParams(new URLSearchParams('distance=10'), saved)).toEqual({
      observer: 'person',
      distance: 10,
    });
    expect(eyeFromParams(new URLSearchParams('observer=elk&distance=7'), saved)).toBeNull();
    expect(eyeFromParams(new URLSearchParams(''), saved)).toBeNull();
  });
});
