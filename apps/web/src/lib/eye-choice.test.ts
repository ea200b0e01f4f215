import { describe, expect, it } from 'vitest';
import { EYE_STORAGE_KEY, defaultEye, eyeFromParams, readSavedEye, saveEye } from './eye-choice';

describe('the one remembered eye (issue 39)', () => {
  it('defaults to a deer at 25 m', () => {
    expect(defaultEye).toEqual({ observer: 'deer', distance: 25 });
    expect(readSavedEye(null)).toEqual(defaultEye);
  });

  it('keeps a saved choice and drops what it did not write', () => {
    saveEye({ observer: 'person', distance: 10 }, localStorage);
    expect(readSavedEye(localStorage)).toEqual({ observer: 'person', distance: 10 });
    localStorage.setItem(EYE_STORAGE_KEY, 'not json');
    expect(readSavedEye(localStorage)).toEqual(defaultEye);
    localStorage.setItem(EYE_STORAGE_KEY, '{"observer":"person","distance":30}');
    expect(readSavedEye(localStorage)).toEqual({ observer: 'person', distance: 25 });
    localStorage.setItem(EYE_STORAGE_KEY, 'null');
    expect(readSavedEye(localStorage)).toEqual(defaultEye);
  });

  it('survives a storage that refuses to be read', () => {
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => {
        throw new Error('denied');
      },
    } as unknown as Storage;
    expect(readSavedEye(broken)).toEqual(defaultEye);
    expect(() => saveEye(defaultEye, broken)).not.toThrow();
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
