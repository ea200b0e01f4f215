import { describe, expect, it } from 'vitest';
import { refusedPageHtml } from './page-rate-limit.js';

/** index.html as Vite builds it: an entry script, preloaded chunks, the stylesheet. */
const built =
  '<!doctype html><html lang="en"><head><meta charset="UTF-8" /><title>Camo Community</title>\n' +
  '    <script type="module" crossorigin src="/assets/index-a1.js"></script>\n' +
  '    <link rel="modulepreload" crossorigin href="/assets/vendor-b2.js">\n' +
  '    <link rel="stylesheet" crossorigin href="/assets/index-c3.css">\n' +
  '    <noscript id="react-aria-pressable-style"></noscript>\n' +
  '  </head><body><div id="root"></div></body></html>';

describe('the page refused for its rate limit', () => {
  const html = refusedPageHtml(built, 'Camo & Co', 42);

  it('looks like the site: its stylesheet, and the message where the app renders', () => {
    expect(html).toContain('<link rel="stylesheet" crossorigin href="/assets/index-c3.css">');
    expect(html).toMatch(/<div id="root"><main[^>]*><h1[^>]*>Too many pages at once<\/h1>/);
    expect(html).toContain('Wait 42 seconds, then reload the page.');
  });

  it('runs none of the app, so it asks the API for nothing', () => {
    expect(html).not.toContain('<script');
    expect(html).not.toContain('modulepreload');
  });

  it('names the site in its title, escaped', () => {
    expect(html).toContain('<title>Too many requests | Camo &amp; Co</title>');
  });
});
