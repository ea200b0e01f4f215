import type { DesignStatus } from '@camo/shared/generation.schema';
import type { Readable } from 'node:stream';
import { LRUCache } from 'lru-cache';
import { isCommunityVisible } from '../designs/design-policy.js';
import type { Storage } from '../platform/storage.js';
import type { FilesRepository } from './files.repository.js';

/**
 * How long this process trusts that a photo's files are public without asking the database
 * again. A moderator's action in this process empties the cache at once (`forget`); one taken in
 * another API process reaches this one within this time (decision 020).
 */
export const FILE_ACCESS_CACHE_MS = 5_000;

/**
 * The stored files /files serves, by key (platform/storage.ts#storageKeys), each naming the
 * photo it belongs to: the environment photo and its display WebP, and designs A and B, their
 * edited versions, thumbnails, display WebPs and print exports. Nothing else in the store is
 * served (the previews the routes serve themselves, earlier hide-and-seek pictures).
 */
const SERVED_KEYS = [
  /^environment_photos\/\d{4}\/\d{2}\/[A-Za-z0-9-]+_([A-Za-z0-9-]+)_env(?:\.png|_display\.webp)$/,
  /^ai_gen\/\d{4}\/\d{2}\/camo_design_([A-Za-z0-9-]+)_[ab](?:_edited)?(?:\.png|_thumb\.webp|_display\.webp|_print\d{1,5}\.png)$/,
];

/**
 * Keys of a design's edited image (the PNG, its thumbnail, display WebP and print exports): the
 * community gets them only when the design shows its edit; one submitted as original keeps its
 * edit to its owner (and, hidden, to moderators), as a draft's.
 */
const EDITED_KEY = /^ai_gen\/\d{4}\/\d{2}\/camo_design_[A-Za-z0-9-]+_[ab]_edited(?:\.png|_)/;

/** The photo a served key belongs to; null for anything /files does not serve. */
export function photoIdOfKey(key: string): string | null {
  for (const pattern of SERVED_KEYS) {
    const match = pattern.exec(key);
    if (match?.[1]) return match[1];
  }
  return null;
}

/**
 * Who may be sent a file: `public` (anybody, and a shared cache may keep it as long as it asks
 * again before each use) or `private` (this viewer only: the owner of a draft or a hidden design,
 * or a moderator looking at a hidden one).
 */
export type FileAudience = 'public' | 'private';

/**
 * Whether a viewer may see a photo's files, by the rule of its design (design-policy.ts#canView:
 * the community sees a submitted design, its owner always; an edit its owner did not choose
 * stays theirs), or, before any design exists or after it is gone, by the photo's owner alone.
 */
function audienceOf(
  owner: { photoOwnerId: string; design: { userId: string; status: DesignStatus } | null },
  viewerId: string | undefined,
  edited: boolean,
): FileAudience | null {
  const { design } = owner;
  if (design && communityFile(design, edited)) return 'public';
  if (!viewerId) return null;
  // What the community may not see (canView: a draft's, a hidden design's, an edit not chosen) is its owner's.
  if (design ? design.userId === viewerId : owner.photoOwnerId === viewerId) return 'private';
  return null;
}

/** Whether the community sees this file of a design: a submitted design's, but its edit only when shown. */
function communityFile(design: { status: DesignStatus; showsEdit?: boolean }, edited: boolean): boolean {
  return isCommunityVisible(design.status) && (!edited || design.showsEdit === true);
}

/** A file as /files sends it. */
export interface ServedFile {
  audience: FileAudience;
  contentType: string;
  contentLength: number;
  etag: string;
  lastModified: Date;
  stream(): Promise<Readable>;
}

/**
 * Stored files served through a check (issue 30 item 5, decision 020): a file of a design is
 * sent only to whoever may see the design now, so hiding it (or its owner's account being
 * deleted) stops its files at once, on the local disk and on S3 alike.
 */
export function createFilesService(deps: {
  repo: FilesRepository;
  storage: Storage;
  /** Whether a signed-in person moderates (read fresh, as for the moderators' routes). */
  isModerator: (userId: string) => Promise<boolean>;
  cacheMs?: number;
}) {
  const { repo, storage } = deps;
  const cacheMs = deps.cacheMs ?? FILE_ACCESS_CACHE_MS;
  /**
   * Photo ids whose files are public, and whether their edited files are too (a submitted design's
   * choice does not change); only that answer is kept (anything else is asked again).
   */
  const publicPhotos =
    cacheMs > 0
      ? new LRUCache<string, { showsEdit: boolean }>({ max: 50_000, ttl: cacheMs, ttlResolution: 0 })
      : undefined;
  /** Moved on by `forget`: a lookup that began before it does not fill the cache after it. */
  let epoch = 0;

  async function audience(
    key: string,
    viewer: () => Promise<string | undefined>,
  ): Promise<FileAudience | null> {
    const photoId = photoIdOfKey(key);
    if (!photoId) return null;
    const edited = EDITED_KEY.test(key);
    const known = publicPhotos?.get(photoId);
    if (known && (!edited || known.showsEdit)) return 'public';
    const started = epoch;
    const owner = await repo.ownerOfPhoto(photoId);
    if (!owner) return null;
    if (owner.design && isCommunityVisible(owner.design.status)) {
      if (started === epoch) publicPhotos?.set(photoId, { showsEdit: owner.design.showsEdit });
      if (communityFile(owner.design, edited)) return 'public';
    }
    // Only a file the community may not see costs a session lookup (and, rarely, a moderator's).
    const viewerId = await viewer();
    const who = audienceOf(owner, viewerId, edited);
    // Moderators also see a hidden design's files: the queue shows its thumbnail, and they
    // decide on its restore. Never a draft's.
    if (who || !viewerId || owner.design?.status !== ('hidden' satisfies DesignStatus)) return who;
    return (await deps.isModerator(viewerId)) ? 'private' : null;
  }

  return {
    /**
     * The file at `key` if `viewer` (resolved only when needed) may see it now; null when not,
     * or when there is no such file: the two are told apart by nobody.
     */
    async open(key: string, viewer: () => Promise<string | undefined>): Promise<ServedFile | null> {
      const who = await audience(key, viewer);
      if (!who) return null;
      let meta;
      try {
        meta = await storage.getMetaData(key);
      } catch (error) {
        if (isMissing(error)) return null;
        throw error;
      }
      return {
        audience: who,
        contentType: key.endsWith('.webp') ? 'image/webp' : 'image/png',
        contentLength: meta.contentLength,
        etag: meta.etag,
        lastModified: meta.lastModified,
        stream: () => storage.getStream(key),
      };
    },

    /** After a moderator hid or restored something: every file is checked afresh. */
    forget(): void {
      epoch++;
      publicPhotos?.clear();
    },
  };
}

export type FilesService = ReturnType<typeof createFilesService>;

/** A missing file, as the local disk (ENOENT) and S3 (404 on HEAD) report it through flydrive. */
function isMissing(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === 'object'; depth++) {
    const link = current as { code?: unknown; name?: unknown; $metadata?: { httpStatusCode?: number } };
    if (link.code === 'ENOENT' || link.name === 'NotFound' || link.name === 'NoSuchKey') return true;
    if (link.$metadata?.httpStatusCode === 404) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
