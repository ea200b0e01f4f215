import { readFileSync } from 'node:fs';
import { messages } from '@camo/shared/messages';
import escapeHtml from 'escape-html';
import { z } from 'zod';
import { isCommunityVisible } from '../designs/design-policy.js';

/** What a link preview may say about a design: nothing beyond its name, designer, place and image. */
export interface PreviewDesign {
  status: string;
  name: string | null;
  designerName: string;
  county: string;
  state: string;
  /** Absolute, or relative to the site (local files). */
  imageUrl: string | null;
}

export interface LinkPreview {
  siteName: string;
  title: string;
  description: string;
  /** Absolute URL. */
  image: string;
  imageAlt: string;
  /** Absolute URL. */
  url: string;
  type: 'website' | 'article';
}

export const GENERIC_DESCRIPTION =
  'Design camouflage patterns matched to your own ground, share them with the community and vote in the monthly contest.';
/** In apps/web/public: the site's own card for every page that is not a design. */
export const GENERIC_IMAGE_PATH = '/social-card.png';

const designPagePath = /^\/gallery\/([^/]+)\/?$/;
const designIdSchema = z.uuid();

/** The design id of a `/gallery/{designId}` page, or null for every other path. */
export function designIdOfPath(pathName: string): string | null {
  const id = designPagePath.exec(pathName)?.[1];
  return id && designIdSchema.safeParse(id).success ? id : null;
}

/** "A camouflage design by Sam for Travis, TX", leaving out a county that is not known. */
export function describeDesign(design: Pick<PreviewDesign, 'designerName' | 'county' | 'state'>): string {
  const county = design.county.trim();
  const place = [county && county !== messages.countyMissing ? county : '', design.state.trim()]
    .filter(Boolean)
    .join(', ');
  const by = design.designerName.trim() || messages.anonymous;
  return place ? `A camouflage design by ${by} for ${place}` : `A camouflage design by ${by}`;
}

/** Open Graph and Twitter card tags; every value is HTML-escaped (names are user input). */
export function previewTags(preview: LinkPreview): string {
  const tag = (attr: 'property' | 'name', key: string, value: string) =>
    `<meta ${attr}="${key}" content="${escapeHtml(value)}" />`;
  return [
    tag('property', 'og:type', preview.type),
    tag('property', 'og:site_name', preview.siteName),
    tag('property', 'og:title', preview.title),
    tag('property', 'og:description', preview.description),
    tag('property', 'og:url', preview.url),
    tag('property', 'og:image', preview.image),
    tag('property', 'og:image:alt', preview.imageAlt),
    tag('name', 'twitter:card', 'summary_large_image'),
    tag('name', 'twitter:title', preview.title),
    tag('name', 'twitter:description', preview.description),
    tag('name', 'twitter:image', preview.image),
    tag('name', 'twitter:image:alt', preview.imageAlt),
  ].join('\n    ');
}

/**
 * The built index.html with the tags (and the page's chunks) before `</head>`, and the document
 * title the web app sets once it runs: the site name, or "<design> | <site name>" on a design page.
 */
export function injectPreview(
  html: string,
  preview: LinkPreview,
  preloads: string[] = [],
  images: readonly string[] = [],
): string {
  const headEnd = html.indexOf('</head>');
  // The build always writes one; a page without a head still loads, only without a preview.
  if (headEnd < 0) return html;
  // The configured site name (SITE_NAME), not the one the build was made with.
  const title = preview.type === 'article' ? `${preview.title} | ${preview.siteName}` : preview.siteName;
  const head = html
    .slice(0, headEnd)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(title)}</title>`);
  // Read by the entry (apps/web/src/boot.ts), which preloads them once the page is drawn.
  const chunks = preloads.length
    ? [`<meta name="page-chunks" content="${escapeHtml(preloads.join(' '))}" />`]
    : [];
  // Fetched at once, as the page paints them first (its own images only: a preload the page does
  // not use is a console warning).
  const imageLinks = images
    .filter((src) => src.startsWith('/') && !src.startsWith('//'))
    .map(
      (src) =>
        `<link rel="preload" href="${escapeHtml(src)}" as="image"${src.endsWith('.svg') ? ' type="image/svg+xml"' : ''} />`,
    );
  return `${head}  ${[previewTags(preview), ...imageLinks, ...chunks].join('\n    ')}\n  ${html.slice(headEnd)}`;
}

export interface IndexPageDeps {
  /** The built web app's index.html, read once at start-up. */
  html: string;
  /** The site's public address: link previews need absolute URLs. */
  publicUrl: URL;
  siteName: string;
  /** A design by id, or null when there is none. */
  findDesign: (id: string) => Promise<PreviewDesign | null>;
  /** The scripts of the page's own chunk, to preload (route-preloads.ts). */
  preloads?: (pathName: string) => string[];
  /** The images the page paints first (the web app's route table says which), to preload. */
  images?: (pathName: string) => readonly string[];
}

export interface IndexPage {
  /** index.html for a page of the web app, with the link-preview tags for that page. */
  render(pathName: string): Promise<string>;
}

export function readIndexHtml(file: string): string {
  return readFileSync(file, 'utf8');
}

/**
 * index.html with Open Graph and Twitter card tags. A submitted design's page (`/gallery/{id}`)
 * describes that design, to anyone (chat apps' crawlers are not signed in); every other page,
 * and a design that is missing or not submitted, gets the site's own card.
 */
export function createIndexPage(deps: IndexPageDeps): IndexPage {
  const { html, publicUrl, siteName } = deps;
  const absolute = (url: string) => new URL(url, publicUrl).href;
  // Joined, not resolved: a path such as `//elsewhere.example` stays on this site.
  const pageUrl = (pathName: string) => new URL(`${publicUrl.origin}${pathName}`).href;
  const generic = (pathName: string): LinkPreview => ({
    siteName,
    title: siteName,
    description: GENERIC_DESCRIPTION,
    image: absolute(GENERIC_IMAGE_PATH),
    imageAlt: `${siteName}: a camouflage pattern`,
    url: pageUrl(pathName),
    type: 'website',
  });

  return {
    async render(pathName) {
      const preloads = deps.preloads?.(pathName) ?? [];
      const images = deps.images?.(pathName) ?? [];
      const id = designIdOfPath(pathName);
      const design = id ? await deps.findDesign(id) : null;
      if (!design || !isCommunityVisible(design.status) || !design.imageUrl)
        return injectPreview(html, generic(pathName), preloads, images);
      const title = design.name?.trim() || messages.noName;
      return injectPreview(
        html,
        {
          siteName,
          title,
          description: describeDesign(design),
          image: absolute(design.imageUrl),
          imageAlt: `The camouflage pattern ${title}`,
          url: pageUrl(pathName),
          type: 'article',
        },
        preloads,
        images,
      );
    },
  };
}
