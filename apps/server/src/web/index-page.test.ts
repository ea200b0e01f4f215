import { describe, expect, it } from 'vitest';
import { createIndexPage, describeDesign, designIdOfPath, type PreviewDesign } from './index-page.js';

const HTML = `<!doctype html>
<html lang="en">
  <head>
    <meta charset="UTF-8" />
    <title>Camo Community</title>
  </head>
  <body><div id="root"></div></body>
</html>`;

const ID = '0b9f1c52-6a3e-4d7f-9a51-6f2a8c1d2e3f';

function page(design: PreviewDesign | null) {
  const asked: string[] = [];
  const indexPage = createIndexPage({
    html: HTML,
    publicUrl: new URL('https://camo.example'),
    siteName: 'Camo Community',
    findDesign: (id) => {
      asked.push(id);
      return Promise.resolve(design);
    },
  });
  return { indexPage, asked };
}

const submitted: PreviewDesign = {
  status: 'submitted',
  name: 'Creek Bottom',
  designerName: 'Sam Hunter',
  county: 'Travis',
  state: 'TX',
  imageUrl: '/files/ai_gen/2026/11/camo_design_x_a.png',
};

/** The content of each meta tag, decoded the way a crawler's HTML parser would. */
function metaContent(html: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const m of html.matchAll(/<meta (?:property|name)="([^"]+)" content="([^"]*)" \/>/g)) {
    const decoded = m[2]!
      .replace(/&quot;/g, '"')
      .replace(/&#39;/g, "'")
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&');
    found.set(m[1]!, decoded);
  }
  return found;
}

describe('designIdOfPath', () => {
  it('finds the id of a design page only', () => {
    expect(designIdOfPath(`/gallery/${ID}`)).toBe(ID);
    expect(designIdOfPath(`/gallery/${ID}/`)).toBe(ID);
    expect(designIdOfPath('/gallery')).toBeNull();
    expect(designIdOfPath(`/gallery/user/${ID}`)).toBeNull();
    expect(designIdOfPath('/gallery/not-an-id')).toBeNull();
    expect(designIdOfPath(`/profile/${ID}`)).toBeNull();
  });
});

describe('describeDesign', () => {
  it('names the designer and the place, and leaves out a county that is not known', () => {
    expect(describeDesign(submitted)).toBe('A camouflage design by Sam Hunter for Travis, TX');
    expect(describeDesign({ ...submitted, county: 'N/A' })).toBe('A camouflage design by Sam Hunter for TX');
    expect(describeDesign({ ...submitted, designerName: ' ' })).toBe(
      'A camouflage design by Anonymous for Travis, TX',
    );
  });
});

describe('createIndexPage', () => {
  it("describes a submitted design with absolute URLs and the design's name as the title", async () => {
    const { indexPage, asked } = page(submitted);
    const html = await indexPage.render(`/gallery/${ID}`);
    expect(asked).toEqual([ID]);
    const meta = metaContent(html);
    expect(meta.get('og:title')).toBe('Creek Bottom');
    expect(meta.get('og:type')).toBe('article');
    expect(meta.get('og:description')).toBe('A camouflage design by Sam Hunter for Travis, TX');
    expect(meta.get('og:image')).toBe('https://camo.example/files/ai_gen/2026/11/camo_design_x_a.png');
    expect(meta.get('og:url')).toBe(`https://camo.example/gallery/${ID}`);
    expect(meta.get('twitter:card')).toBe('summary_large_image');
    expect(meta.get('twitter:image')).toBe(meta.get('og:image'));
    expect(html).toContain('<title>Creek Bottom | Camo Community</title>');
    // The tags sit in the head, and the rest of the document is untouched.
    expect(html.indexOf('og:title')).toBeLessThan(html.indexOf('</head>'));
    expect(html).toContain('<body><div id="root"></div></body>');
  });

  it("calls an unnamed design 'No Name' and keeps an S3 image URL as it is", async () => {
    const { indexPage } = page({ ...submitted, name: '  ', imageUrl: 'https://bucket.example/k.png' });
    const meta = metaContent(await indexPage.render(`/gallery/${ID}`));
    expect(meta.get('og:title')).toBe('No Name');
    expect(meta.get('og:image')).toBe('https://bucket.example/k.png');
  });

  it('escapes a hostile name and designer so nothing leaves the attribute', async () => {
    const hostile = '"><script>alert(1)</script>';
    const { indexPage } = page({ ...submitted, name: hostile, designerName: `Eve' onload='x` });
    const html = await indexPage.render(`/gallery/${ID}`);
    expect(html).not.toContain('<script>');
    expect(html).not.toContain('"><script');
    expect(html).not.toContain("' onload='");
    const meta = metaContent(html);
    expect(meta.get('og:title')).toBe(hostile);
    expect(meta.get('twitter:title')).toBe(hostile);
    expect(meta.get('og:description')).toContain(`Eve' onload='x`);
    expect(html).toContain('<title>&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt; | Camo Community</title>');
  });

  it.each([
    ['a pending design', { ...submitted, status: 'pending_selection' }],
    ['a missing design', null],
  ])('gives %s the generic card and reveals nothing of it', async (_label, design) => {
    const { indexPage } = page(design);
    const html = await indexPage.render(`/gallery/${ID}`);
    const meta = metaContent(html);
    expect(meta.get('og:title')).toBe('Camo Community');
    expect(meta.get('og:type')).toBe('website');
    expect(meta.get('og:image')).toBe('https://camo.example/social-card.png');
    expect(html).not.toContain('Creek Bottom');
    expect(html).not.toContain('Sam Hunter');
    expect(html).toContain('<title>Camo Community</title>');
  });

  it('gives every other page the generic card without asking for a design', async () => {
    const { indexPage, asked } = page(submitted);
    const meta = metaContent(await indexPage.render('/terms'));
    expect(asked).toEqual([]);
    expect(meta.get('og:title')).toBe('Camo Community');
    expect(meta.get('og:description')).toMatch(/^Design camouflage patterns/);
    expect(meta.get('og:url')).toBe('https://camo.example/terms');
  });

  it("titles a page with the configured site name, not the build's", async () => {
    const indexPage = createIndexPage({
      html: HTML,
      publicUrl: new URL('https://camo.example'),
      siteName: 'Wear More Camo',
      findDesign: () => Promise.resolve(null),
    });
    expect(await indexPage.render('/terms')).toContain('<title>Wear More Camo</title>');
  });

  it('keeps og:url on this site and encoded, whatever the path', async () => {
    const { indexPage } = page(null);
    const meta = metaContent(await indexPage.render('//elsewhere.example/"x y'));
    expect(meta.get('og:url')).toBe('https://camo.example//elsewhere.example/%22x%20y');
  });

  it('serves a document without a head as it is', async () => {
    const indexPage = createIndexPage({
      html: '<!doctype html><div id="root"></div>',
      publicUrl: new URL('https://camo.example'),
      siteName: 'Camo Community',
      findDesign: () => Promise.resolve(submitted),
    });
    expect(await indexPage.render(`/gallery/${ID}`)).toBe('<!doctype html><div id="root"></div>');
  });

  it('preloads the images a page paints first, on that page only', async () => {
    const indexPage = createIndexPage({
      html: HTML,
      publicUrl: new URL('https://camo.example'),
      siteName: 'Camo Community',
      findDesign: () => Promise.resolve(null),
      images: (pathName) => (pathName === '/' ? ['/textures/camo.svg', '//elsewhere.example/x.svg'] : []),
    });
    const home = await indexPage.render('/');
    expect(home).toContain(
      '<link rel="preload" href="/textures/camo.svg" as="image" type="image/svg+xml" />',
    );
    // Only this site's own paths.
    expect(home).not.toContain('elsewhere.example');
    expect(home.indexOf('rel="preload"')).toBeLessThan(home.indexOf('</head>'));
    expect(await indexPage.render('/gallery')).not.toContain('rel="preload"');
  });

  it("names the page's chunks for the entry to preload, after the tags", async () => {
    const indexPage = createIndexPage({
      html: HTML,
      publicUrl: new URL('https://camo.example'),
      siteName: 'Camo Community',
      findDesign: () => Promise.resolve(null),
      preloads: (pathName) => (pathName === '/terms' ? ['/assets/terms-X.js', '/assets/legal-Y.js'] : []),
    });
    const html = await indexPage.render('/terms');
    expect(html).toContain('<meta name="page-chunks" content="/assets/terms-X.js /assets/legal-Y.js" />');
    expect(html.indexOf('page-chunks')).toBeLessThan(html.indexOf('</head>'));
    expect(await indexPage.render('/')).not.toContain('page-chunks');
  });
});
