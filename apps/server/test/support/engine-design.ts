import sharp from 'sharp';
import type { ProviderDesign } from '../../src/generation/provider.js';

/** A design as the built-in engine hands it over, for tests of what stands around the engine. */
export async function engineDesignDouble(): Promise<ProviderDesign> {
  return {
    png: await sharp({ create: { width: 8, height: 8, channels: 3, background: '#556b2f' } })
      .png()
      .toBuffer(),
    responseId: 'recipe-1',
    designId: 'engine-design',
    promptId: 'engine-prompt',
    prompt: 'engine prompt',
    // Shaped as the engine writes it: plain words, then the technical account the page folds.
    markdownAnalysis:
      '## Engine analysis\n\n### In plain words\n\n- **Colours:** olive 60%.\n\n### How it was made\n\n#### Palette\n',
    recipe: { kind: 'camo-engine/recipe' },
    note: null,
  };
}
