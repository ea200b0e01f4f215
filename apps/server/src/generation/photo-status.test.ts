import { describe, expect, it } from 'vitest';
import { assertPhotoTransition, isPhotoFinished, photoStatusesBefore } from './photo-status.js';

describe('environment photo status (spec §4)', () => {
  it('follows pending, uploaded, processing, completed', () => {
    expect(() => assertPhotoTransition('pending', 'uploaded')).not.toThrow();
    expect(() => assertPhotoTransition('uploaded', 'processing')).not.toThrow();
    expect(() => assertPhotoTransition('processing', 'completed')).not.toThrow();
  });

  it('fails from any unfinished state and never leaves a finished one', () => {
    for (const from of ['pending', 'uploaded', 'processing'] as const) {
      expect(() => assertPhotoTransition(from, 'failed')).not.toThrow();
    }
    for (const from of ['completed', 'failed'] as const) {
      expect(isPhotoFinished(from)).toBe(true);
      for (const to of ['pending', 'uploaded', 'processing', 'completed', 'failed'] as const) {
        expect(() => assertPhotoTransition(from, to)).toThrow(/cannot move/);
      }
    }
  });

  it('refuses skipping the upload and going backwards', () => {
    expect(() => assertPhotoTransition('pending', 'processing')).toThrow();
    expect(() => assertPhotoTransition('pending', 'completed')).toThrow();
    expect(() => assertPhotoTransition('processing', 'uploaded')).toThrow();
  });

  it('lists the statuses a conditional update may start from', () => {
    expect(photoStatusesBefore('processing').sort()).toEqual(['processing', 'uploaded']);
    expect(photoStatusesBefore('failed').sort()).toEqual(['pending', 'processing', 'uploaded']);
    expect(photoStatusesBefore('completed')).toEqual(['processing']);
  });
});
