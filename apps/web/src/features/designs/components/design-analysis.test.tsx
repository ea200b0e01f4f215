import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DesignAnalysis } from './design-analysis';

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
});
