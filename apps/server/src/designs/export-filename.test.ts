import { describe, expect, it } from 'vitest';
import { exportFilename } from './export-filename.js';

describe('a download says the size it prints at (decision 035)', () => {
  it('names the design, the file, the repeat and the pixels per inch there', () => {
    // 4096 px across 75 cm (29.53 in) is 138.7 ppi; 1024 px across 150 cm (59.06 in) is 17.3.
    expect(exportFilename('Oak Shadow', 4096, 75)).toBe('oak-shadow-print-4096-75cm-139ppi.png');
    expect(exportFilename('Oak Shadow', 1024, 150)).toBe('oak-shadow-tile-1024-150cm-17ppi.png');
    expect(exportFilename('', 4096, 20)).toBe('camo-design-print-4096-20cm-520ppi.png');
    expect(exportFilename('¡¡¡', 1024, 75)).toBe('camo-design-tile-1024-75cm-35ppi.png');
  });
});
