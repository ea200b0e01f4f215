import { randomUUID } from 'node:crypto';
import type { Db } from '../../src/platform/db/database.js';
import { designs, users, type huntRounds } from '../../src/platform/db/schema.js';

/** Data factories for community tests: rows written straight to the test server's database. */

export async function createUser(
  db: Db,
  overrides: { id?: string; displayName?: string; createdAt?: Date } = {},
): Promise<string> {
  const id = overrides.id ?? randomUUID();
  await db.insert(users).values({
    id,
    email: `${id}@example.test`,
    displayName: overrides.displayName ?? `Tester ${id.slice(0, 6)}`,
    ...(overrides.createdAt ? { createdAt: overrides.createdAt, updatedAt: overrides.createdAt } : {}),
  });
  return id;
}

/** Many users in one statement (the race tests need hundreds). */
export async function createUsers(db: Db, count: number): Promise<string[]> {
  const ids = Array.from({ length: count }, () => randomUUID());
  await db
    .insert(users)
    .values(ids.map((id, i) => ({ id, email: `${id}@example.test`, displayName: `Voter ${i}` })));
  return ids;
}

export interface DesignOverrides {
  userId: string;
  voteCount?: number;
  name?: string;
  state?: string;
  county?: string;
  submittedAt?: Date;
  /** 'submitted' unless said otherwise. */
  status?: 'submitted' | 'pending_selection';
  designerName?: string;
  /** Storage keys of the design's image (variant A) and of its environment photo. */
  designAUrl?: string;
  environmentPhotoUrl?: string;
}

/** A design as the create flow leaves it after Submit (or still pending, when asked). */
export async function createSubmittedDesign(db: Db, overrides: DesignOverrides): Promise<string> {
  const id = randomUUID();
  const status = overrides.status ?? 'submitted';
  const at = overrides.submittedAt ?? new Date();
  await db.insert(designs).values({
    id,
    userId: overrides.userId,
    name: overrides.name ?? `Design ${id.slice(0, 8)}`,
    environmentDescription: 'Oak and pine woods with leaf litter',
    state: overrides.state ?? 'TX',
    county: overrides.county ?? 'Travis',
    designerName: overrides.designerName ?? 'Anonymous',
    voteCount: overrides.voteCount ?? 0,
    status,
    selectedVariant: 'A',
    designAUrl: overrides.designAUrl ?? `ai_gen/2025/01/camo_design_${id}_a.png`,
    designAThumbnailUrl: `ai_gen/2025/01/camo_design_${id}_a.webp`,
    imageUrl:
      status === 'submitted' ? (overrides.designAUrl ?? `ai_gen/2025/01/camo_design_${id}_a.png`) : null,
    environmentPhotoUrl: overrides.environmentPhotoUrl ?? null,
    createdAt: at,
    submittedAt: status === 'submitted' ? at : null,
  });
  return id;
}

/** A hide-and-seek round's row whose target and picture do not matter to the test. */
export function huntRoundRow(
  round: Pick<typeof huntRounds.$inferInsert, 'playerId' | 'designId' | 'photoKey'> &
    Partial<typeof huntRounds.$inferInsert>,
): typeof huntRounds.$inferInsert {
  return {
    id: randomUUID(),
    silhouette: 'crouching-hunter',
    x: 100,
    y: 100,
    size: 80,
    rotation: 0,
    width: 640,
    height: 480,
    ...round,
  };
}
