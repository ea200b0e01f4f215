import { apiMessages } from '@camo/shared/api-messages';
import type { DesignCard, PrivateProfile, PublicUser } from '@camo/shared/api.schema';
import type { UpdateProfileRequest } from '@camo/shared/profile.schema';
import { updateProfileSchema } from '@camo/shared/profile.schema';
import { createPersonCache } from '../platform/auth/person-cache.js';
import type { SessionEvents } from '../platform/auth/session-events.js';
import { SESSION_CACHE_MS } from '../platform/auth/session.js';
import { NotFoundError, ValidationError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import { toDesignCard } from '../designs/design-card.js';
import type { UserRow, UsersRepository } from './users.repository.js';

export function toPublicUser(row: UserRow): PublicUser {
  return {
    id: row.id,
    displayName: row.displayName || null,
    image: row.image,
    createdAt: row.createdAt.toISOString(),
  };
}

/**
 * The only shape that carries private fields; it is returned to the owner alone, with their own
 * standing (blocked, moderator) so the pages can say what they may do.
 */
export function toPrivateProfile(
  row: UserRow,
  options: { adminEmails: readonly string[]; minAccountAgeHours: number },
): PrivateProfile {
  const { adminEmails, minAccountAgeHours } = options;
  return {
    ...toPublicUser(row),
    email: row.email,
    phoneNumber: row.phoneNumber,
    zipCode: row.zipCode,
    allowPromo: row.allowPromo,
    lastSignIn: row.lastSignIn?.toISOString() ?? null,
    blocked: row.blockedAt !== null,
    moderator: row.emailVerified && adminEmails.includes(row.email.toLowerCase()),
    contestVotes: {
      minAccountAgeHours,
      countFrom: new Date(row.createdAt.getTime() + minAccountAgeHours * 3_600_000).toISOString(),
    },
  };
}

export function createUsersService(
  repo: UsersRepository,
  fileUrl: FileUrl,
  options: {
    contestTimeZone: string;
    minAccountAgeHours: number;
    adminEmails?: readonly string[];
    /**
     * The database's person notifications (platform/auth/session-events.ts): with them a person's
     * row is kept in memory, since every signed-in page asks for it, and dropped in every process
     * when it changes (decision 021).
     */
    events?: SessionEvents;
    now?: () => Date;
  },
) {
  const now = options.now ?? (() => new Date());
  const { events } = options;
  const profileOptions = {
    adminEmails: options.adminEmails ?? [],
    minAccountAgeHours: options.minAccountAgeHours,
  };
  const rows = createPersonCache<UserRow>(events, { ttlMs: SESSION_CACHE_MS });
  const findById = (id: string) => rows.get(id, () => repo.findById(id));
  /** This process changed the row: forgotten here now (the database tells the other processes). */
  const changed = (id: string) => events?.publish({ kind: 'person', id });
  return {
    async me(userId: string): Promise<PrivateProfile> {
      const row = await findById(userId);
      if (!row) throw new NotFoundError(apiMessages.userNotFound);
      return toPrivateProfile(row, profileOptions);
    },

    async updateMe(userId: string, request: UpdateProfileRequest): Promise<PrivateProfile> {
      const parsed = updateProfileSchema.safeParse(request);
      if (!parsed.success) throw new ValidationError(parsed.error.issues[0]?.message ?? 'Invalid request.');
      const row = await repo.updateProfile(userId, parsed.data);
      changed(userId);
      if (!row) throw new NotFoundError(apiMessages.userNotFound);
      return toPrivateProfile(row, profileOptions);
    },

    async publicUser(id: string): Promise<PublicUser> {
      const row = await findById(id);
      if (!row) throw new NotFoundError(apiMessages.userNotFound);
      return toPublicUser(row);
    },

    async designsOf(id: string, viewerId: string): Promise<DesignCard[]> {
      const rows = await repo.designsOf(id, { includeDrafts: id === viewerId, limit: 100 });
      return rows.map((row) => toDesignCard(row, fileUrl, options.contestTimeZone));
    },

    memberCount: () => repo.memberCount(),
    /** better-auth's session hook (compose.ts), called unbound. */
    onSignIn: async (userId: string): Promise<void> => {
      await repo.recordSignIn(userId, now());
      changed(userId);
    },
  };
}

export type UsersService = ReturnType<typeof createUsersService>;
