import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DesignAnalysis, explainMissingShares, splitHowItWasMade } from '@/components/design/design-analysis';

describe('DesignAnalysis', () => {
  it('draws a swatch beside every hex colour code and renders GFM tables', () => {
    const { container } = render(
      <DesignAnalysis
        markdown={
          '## Palette\n\n| colour | name |\n|---|---|\n| `#4b5320` | olive |\n| `#81613C` | coyote |\n\nUse `blend`.'
        }
      />,
    );
    expect(screen.getByRole('table')).toBeInTheDocument();
    const rects = container.querySelectorAll('svg rect');
    expect([...rects].map((r) => r.getAttribute('fill'))).toEqual(['#4b5320', '#81613C']);
    expect(container.querySelector('[style]')).toBeNull();
    expect(screen.getByText('blend').closest('svg')).toBeNull();
  });

  it('renders no images, no raw HTML, and no links to other hosts', () => {
    const { container } = render(
      <DesignAnalysis
        markdown={
          '![swatch](https://evil.example/s.png)\n\n<img src="https://evil.example/x.png"><script>alert(1)</script>\n\n[site](https://evil.example/) and [gallery](/gallery)'
        }
      />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.innerHTML).not.toContain('evil.example');
    expect(screen.getByText('site').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: 'gallery' })).toHaveAttribute('href', '/gallery');
  });

  it('says why a palette row has no share of the ground, instead of a bare dash', () => {
    const table = [
      '| colour | name | share of ground | share of design | role |',
      '|---|---|---|---|---|',
      '| `#1b1d26` | black | 29% | 21% | from the photo |',
      '| `#d9d9d7` | fog grey | - | 40% | open ground |',
      '| `#080a17` | black | - | 28% | from the photo |',
      '| `#2a2a20` | shade | - | 9% | shadow tone |',
    ].join('\n');
    render(<DesignAnalysis markdown={`### Palette\n\n${table}\n\nMean lightness - 40.`} />);
    const rows = screen.getAllByRole('row').slice(1);
    const ground = rows.map((row) => row.querySelectorAll('td')[2]?.textContent);
    expect(ground).toEqual([
      '29%',
      'none: open ground the design adds',
      'none of its own: the design options changed this photo colour',
      'none: a shadow tone the design adds',
    ]);
    expect(screen.getByText('Mean lightness - 40.')).toBeInTheDocument();
    // Text outside a palette table is left alone, dashes and all.
    expect(explainMissingShares('| a | b |\n|---|---|\n| - | x |')).toBe('| a | b |\n|---|---|\n| - | x |');
  });
});

describe('the plain words first, the technical account folded', () => {
  const markdown = [
    '## Design A: organic pattern',
    '',
    '### In plain words',
    '',
    '- **Colours:** pine green 59%, black 33%.',
    '',
    '### How it was made',
    '',
    '#### Texture',
    '',
    'The spectral slope of the photo is -1.93 (log-log).',
  ].join('\n');

  it('opens with the plain words and folds "How it was made"', () => {
    render(<DesignAnalysis markdown={markdown} />);
    expect(screen.getByText(/pine green 59%/)).toBeVisible();
    const details = screen.getByText('How it was made').closest('details')!;
    expect(details).not.toHaveAttribute('open');
    expect(details).toHaveTextContent('spectral slope');
  });

  it('shows an analysis stored before the heading whole, as it was', () => {
    expect(splitHowItWasMade('## Design B\n\n### Palette\n')).toEqual({
      plain: '## Design B\n\n### Palette\n',
      made: null,
    });
  });
});
