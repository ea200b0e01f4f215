import { galleryPageSchema } from '@camo/shared/community.schema';
import { describe, expect, it, vi } from 'vitest';
import type { GalleryRow } from './gallery.repository.js';
import { createGalleryService, type GalleryPageQuery } from './gallery.service.js';

function row(id: string, voteCount: number): GalleryRow {
  return {
    id,
    userId: 'owner',
    name: `Design ${id}`,
    imageUrl: null,
    thumbnailUrl: null,
    designAUrl: null,
    designBUrl: null,
    designAThumbnailUrl: null,
    designBThumbnailUrl: null,
    editedImageUrl: null,
    editedThumbnailUrl: null,
    selectedVariant: 'A',
    hasEdits: false,
    finalDesignChoice: 'original',
    designerName: 'Owner',
    state: 'AZ',
    county: 'Pima',
    status: 'submitted',
    voteCount,
    concealmentScore: -1,
    huntAnswered: 0,
    hidingGroup: 0,
    hidingRank: -1,
    eyeGroup: 0,
    eyeRank: -1,
    eyeSe: 0,
    pending: false,
    createdAt: new Date('2026-11-01T00:00:00Z'),
    submittedAtKey: '2026-11-01T00:00:00.000000Z',
  } as unknown as GalleryRow;
}

function setup(cacheMs: number) {
  let rows = [row('d1', 3), row('d2', 1)];
  const page = vi.fn(async () => rows);
  const votedAmong = vi.fn(async (userId: string) => (userId === 'voter' ? ['d2'] : []));
  const gallery = createGalleryService(
    {
      page,
      cardsByIds: vi.fn(),
      stateCounts: vi.fn(),
      places: vi.fn(async () => new Map()),
      measuring: vi.fn(async () => 0),
    },
    (key) => (key ? `/files/${key}` : null),
    { votedAmong },
    { cacheMs, contestTimeZone: 'America/Phoenix' },
  );
  return { gallery, page, votedAmong, setRows: (next: GalleryRow[]) => (rows = next) };
}

const query = { sort: 'votes' as const };

/** A page as the API sends it, read back. */
async function pageOf(gallery: ReturnType<typeof setup>['gallery'], q: GalleryPageQuery, viewer: string) {
  return galleryPageSchema.parse(JSON.parse(await gallery.pageJson(q, viewer)));
}

describe('gallery pages from memory (decision 006)', () => {
  it('asks the database once for a page and once per viewer, then serves from memory', async () => {
    const { gallery, page, votedAmong } = setup(5_000);
    const first = await pageOf(gallery, query, 'voter');
    const again = await pageOf(gallery, query, 'voter');
    const other = await pageOf(gallery, query, 'someone');
    expect(page).toHaveBeenCalledTimes(1);
    expect(votedAmong).toHaveBeenCalledTimes(2);
    expect(again).toEqual(first);
    expect(first.designs.map((d) => [d.id, d.hasVoted])).toEqual([
      ['d1', false],
      ['d2', true],
    ]);
    expect(other.designs.every((d) => d.hasVoted === false)).toBe(true);
    // Another filter is another page.
    await pageOf(gallery, { ...query, state: 'TX' }, 'voter');
    expect(page).toHaveBeenCalledTimes(2);
  });

  it('starts afresh when something the gallery shows changes', async () => {
    const { gallery, page, setRows } = setup(5_000);
    await pageOf(gallery, query, 'voter');
    setRows([row('d2', 5), row('d1', 3)]);
    gallery.invalidate();
    const after = await pageOf(gallery, query, 'voter');
    expect(page).toHaveBeenCalledTimes(2);
    expect(after.designs.map((d) => [d.id, d.voteCount])).toEqual([
      ['d2', 5],
      ['d1', 3],
    ]);
  });

  it('asks every time when the cache is off', async () => {
    const { gallery, page } = setup(0);
    await pageOf(gallery, query, 'voter');
    await pageOf(gallery, query, 'voter');
    expect(page).toHaveBeenCalledTimes(2);
  });

  it('never keeps a refused cursor', async () => {
    const { gallery, page } = setup(5_000);
    await expect(gallery.pageJson({ ...query, cursor: 'not-a-cursor' }, 'voter')).rejects.toThrow();
    await expect(gallery.pageJson({ ...query, cursor: 'not-a-cursor' }, 'voter')).rejects.toThrow();
    expect(page).not.toHaveBeenCalled();
  });

  it("sends the JSON of the checked cards with the viewer's votes, and starts afresh on a change", async () => {
    const { gallery, page, votedAmong, setRows } = setup(5_000);
    const body = await gallery.pageJson(query, 'voter');
    expect(await pageOf(gallery, query, 'voter')).toEqual(JSON.parse(body));
    expect(JSON.parse(body)).toMatchObject({
      designs: [
        { id: 'd1', name: 'Design d1', designerName: 'Owner', voteCount: 3, hasVoted: false },
        { id: 'd2', name: 'Design d2', designerName: 'Owner', voteCount: 1, hasVoted: true },
      ],
      nextCursor: null,
    });
    expect(galleryPageSchema.parse(JSON.parse(body))).toEqual(JSON.parse(body));
    // Only the response's fields: the row's other columns never reach the body.
    expect(body).not.toContain('submittedAtKey');
    expect(body).not.toContain('designAUrl');
    const other = galleryPageSchema.parse(JSON.parse(await gallery.pageJson(query, 'someone')));
    expect(other.designs.map((d) => d.hasVoted)).toEqual([false, false]);
    expect(page).toHaveBeenCalledTimes(1);
    expect(votedAmong).toHaveBeenCalledTimes(2);
    setRows([row('d2', 5)]);
    gallery.invalidate();
    expect(JSON.parse(await gallery.pageJson(query, 'voter'))).toEqual({
      designs: [expect.objectContaining({ id: 'd2', voteCount: 5, hasVoted: true })],
      nextCursor: null,
    });
  });
});
