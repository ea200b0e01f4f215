import { describe, expect, it } from 'vitest';
import { shownFigures } from './shown-figures.js';

const eyes = [{ observer: 'deer' as const, distanceM: 25, measures: null }];
const base = {
  status: 'submitted' as 'submitted' | 'pending_selection',
  hasEdits: false,
  finalDesignChoice: 'original' as 'original' | 'edited',
  editedImageUrl: null as string | null,
  imageUrl: 'a.png' as string | null,
  selectedVariant: 'A' as 'A' | 'B' | null,
  designAUrl: 'a.png',
  designBUrl: 'b.png',
  repeatCm: 75,
};
const A = { imageKey: 'a.png', eyes };
const B = { imageKey: 'b.png', eyes };
const edited = { imageKey: 'edited.png', eyes };

describe("the design page's figures are of the image it shows (issue 39)", () => {
  it('shows the chosen variant with no word about an edit', () => {
    expect(shownFigures({ ...base, predictions: { A, B } })).toEqual({
      stored: A,
      measuring: false,
      figuresOf: null,
    });
  });

  it('never shows the original as the edited one: measuring until the edited image is predicted', () => {
    const design = {
      ...base,
      hasEdits: true,
      finalDesignChoice: 'edited' as const,
      editedImageUrl: 'edited.png',
      imageUrl: 'edited.png',
    };
    expect(shownFigures({ ...design, predictions: { A, B } })).toEqual({
      stored: undefined,
      measuring: true,
      figuresOf: 'edited-measuring',
    });
    expect(shownFigures({ ...design, predictions: { A, B, final: edited } })).toEqual({
      stored: edited,
      measuring: false,
      figuresOf: 'edited',
    });
  });

  it("says a draft's figures are the original's until its edit is measured at submission", () => {
    const draft = {
      ...base,
      status: 'pending_selection' as const,
      selectedVariant: 'B' as const,
      hasEdits: true,
      finalDesignChoice: 'edited' as const,
      editedImageUrl: 'edited.png',
      imageUrl: null,
    };
    expect(shownFigures({ ...draft, predictions: { A, B } })).toEqual({
      stored: B,
      measuring: false,
      figuresOf: 'original-until-submitted',
    });
  });

  it('says the figures are the original when an edit was made and not chosen', () => {
    expect(
      shownFigures({ ...base, hasEdits: true, editedImageUrl: 'edited.png', predictions: { A, B } }),
    ).toMatchObject({ stored: A, figuresOf: 'original' });
  });

  it("never shows A's figures at the default repeat as a design's printed at another (decision 035)", () => {
    const wide = { ...base, repeatCm: 150 };
    expect(shownFigures({ ...wide, predictions: { A, B } })).toEqual({
      stored: undefined,
      measuring: true,
      figuresOf: null,
    });
    const final = { ...A, repeatCm: 150 };
    expect(shownFigures({ ...wide, predictions: { A, B, final } })).toMatchObject({ stored: final });
  });
});
