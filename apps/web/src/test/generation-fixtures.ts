import type { Design, Generation } from '@camo/shared/generation';

/** A design record as the API returns it, with overrides. */
export function makeDesign(overrides: Partial<Design> = {}): Design {
  return {
    id: 'd1',
    userId: 'u1',
    name: '',
    imageUrl: null,
    thumbnailUrl: null,
    environmentDescription: 'Oak timber in late fall',
    environmentPhotoId: 'p1',
    environmentPhotoUrl: '/files/env.png',
    designerName: 'Buck',
    createdAt: '2026-11-20T10:00:00.000Z',
    voteCount: 0,
    state: 'AZ',
    county: 'Maricopa',
    generationMethod: 'ai_generated',
    status: 'pending_selection',
    designToggles: {},
    designAId: 'a',
    designAUrl: '/files/a.png',
    designAThumbnailUrl: null,
    markdownAnalysisA: '## Design A: organic pattern\n\n| colour |\n|---|\n| `#4b5320` |',
    openaiResponseIdA: 'ra',
    designBId: 'b',
    designBUrl: '/files/b.png',
    designBThumbnailUrl: null,
    markdownAnalysisB: '## Design B: digital (pixel) pattern',
    openaiResponseIdB: 'rb',
    selectedVariant: null,
    finalDesignChoice: 'original',
    submittedAt: null,
    editedImageUrl: null,
    editPrompt: null,
    editedAt: null,
    hasEdits: false,
    promptA: null,
    promptB: null,
    story: null,
    ...overrides,
  };
}

/** A generation as the API returns it, with overrides. */
export function makeGeneration(overrides: Partial<Generation> = {}): Generation {
  return {
    photoId: 'p1',
    status: 'processing',
    stage: 'uploading_to_storage',
    note: null,
    error: null,
    outcome: null,
    outcomeMessage: null,
    description: 'Oak timber in late fall',
    state: 'AZ',
    county: 'Maricopa',
    designToggles: {},
    photoUrl: '/files/env.png',
    createdAt: '2026-11-20T10:00:00.000Z',
    processingStarted: '2026-11-20T10:00:01.000Z',
    processingCompleted: null,
    designAUrl: null,
    designBUrl: null,
    design: null,
    ...overrides,
  };
}
