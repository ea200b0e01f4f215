import type { Light } from '@camo/shared/vocabulary';
/**
 * Every query key of the web app, written once (issue 42 item 3). A feature that reads a query and
 * another that marks it stale (a vote, a submit, a rename, a finished round) take the key from here,
 * so the two cannot drift apart; features never import each other. A key that starts another marks
 * it stale with it: a vote marks `gallery` and every `contest` key, a finished round every `hunt`
 * key, deleting a ground photo its rankings. Keys whose tail is a feature's own type (the gallery's
 * filters) start with the root given here.
 */
export const queryKeys = {
  config: ['config'],
  me: ['me'],
  myReports: ['me', 'reports'],
  memberCount: ['members', 'count'],
  generations: ['generations'],

  design: (id: string) => ['designs', id] as const,
  designVote: (id: string) => ['designs', id, 'vote'] as const,
  designComments: (id: string) => ['designs', id, 'comments'] as const,

  designer: (userId: string) => ['users', userId] as const,
  userDesigns: (userId: string) => ['users', userId, 'designs'] as const,

  /** The gallery's pages and its map's counts. */
  gallery: ['gallery'],
  galleryStates: ['gallery', 'states'],

  /** Every figure of a design: its own in each light, and A and B's. */
  concealment: (designId: string) => ['concealment', designId] as const,
  designConcealment: (designId: string, light: Light) => ['concealment', designId, 'design', light] as const,
  variantConcealment: (designId: string, light: Light) =>
    ['concealment', designId, 'variants', light] as const,

  contest: ['contest'],
  hunt: ['hunt'],
  admin: ['admin'],

  /** "My ground": the photos, and under each photo its rankings and its designs shown in it. */
  ground: ['ground'],
  groundPhotos: ['ground', 'photos'],
  groundPhoto: (photoId: string) => ['ground', photoId] as const,

  /** Breeding grounds (decision 038): the list, a ground's page and a bred design's page. A finished round marks them all stale. */
  breeding: ['breeding'],
  breedingGround: (id: string) => ['breeding', 'grounds', id] as const,
  bredDesign: (id: string) => ['breeding', 'designs', id] as const,
} as const;
