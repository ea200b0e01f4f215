import { describe, expect, it } from 'vitest';
import { injectRenderedPage, scriptSafeJson } from './server-render.js';

describe('scriptSafeJson', () => {
  it('cannot close the script element or open a comment, and reads back as the same value', () => {
    const value = { name: '</script><script>alert(1)</script>', note: '<!-- & -->', sep: 'a\u2028b\u2029c' };
    const json = scriptSafeJson(value);
    expect(json).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(json)).toEqual(value);
  });
});

describe('injectRenderedPage', () => {
  const html =
    '<html><head></head><body><div id="root"></div><script type="module" src="/a.js"></script></body></html>';

  it('puts the markup in the root element and the state in a JSON data block after it', () => {
    const out = injectRenderedPage(html, { html: '<p>hi</p>', state: { queries: [] } }, 'server-state');
    expect(out).toBe(
      '<html><head></head><body><div id="root"><p>hi</p></div>' +
        '<script type="application/json" id="server-state">{"queries":[]}</script>' +
        '<script type="module" src="/a.js"></script></body></html>',
    );
  });

  it('leaves a page without the root element alone', () => {
    expect(injectRenderedPage('<p></p>', { html: 'x', state: {} }, 'server-state')).toBe('<p></p>');
  });
});
