import { pixelsPerInch } from '@camo/shared/shapes';

/**
 * A download's name: the design's, the file, and the size it prints at (decision 035), e.g.
 * oak-shadow-print-4096-75cm-139ppi.png.
 */
export function exportFilename(name: string, size: number, repeatCm: number): string {
  const slug =
    (name || 'camo-design')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'camo-design';
  const kind = size === 1024 ? 'tile' : 'print';
  return `${slug}-${kind}-${size}-${repeatCm}cm-${pixelsPerInch(size, repeatCm)}ppi.png`;
}
