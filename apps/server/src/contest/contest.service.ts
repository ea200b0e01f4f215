import {
  FIRST_COMPUTED_MONTH,
  contestMonthOf,
  entryMonthOf,
  isContestMonth,
  monthStart,
  monthWindow,
  monthsBetween,
  previousMonth,
  type ContestMonth,
  type ContestOverview,
  type ContestResults,
  type ContestStanding,
  type ContestStandings,
  type DesignContest,
  type DesignerWins,
  type TrophyClub,
} from '@camo/shared/contest.schema';
import type { Logger } from 'pino';
import { NotFoundError } from '../platform/http-errors.js';
import type { FileUrl } from '../platform/storage.js';
import type { ContestRepository, CountRules, StandingRow } from './contest.repository.js';

/** Live standings show the top 10 (issue: "the current month's standings (top 10, live)"). */
export const STANDINGS_SIZE = 10;
/** A closed month's full results are listed up to this many entries. */
export const RESULTS_LIMIT = 500;
const ARCHIVE_MONTHS = 120;
/**
 * A month is closed this long after its end, so a vote whose transaction began before the end
 * (and so carries an earlier time) has committed before the count is taken.
 */
export const CLOSE_GRACE_MS = 60_000;

export interface ContestSettings {
  timeZone: string;
  minAccountAgeHours: number;
}

export function createContestService(deps: {
  repo: ContestRepository;
  fileUrl: FileUrl;
  settings: ContestSettings;
  log?: Logger;
  now?: () => Date;
}) {
  const { repo, fileUrl, settings } = deps;
  const now = deps.now ?? (() => new Date());
  const minAccountAgeSeconds = Math.round(settings.minAccountAgeHours * 3600);

  const rulesOf = (month: ContestMonth): CountRules => ({
    ...monthWindow(month, settings.timeZone),
    minAccountAgeSeconds,
  });

  const standing = (row: StandingRow, rank: number): ContestStanding => ({
    rank,
    designId: row.designId,
    name: row.name,
    userId: row.userId,
    designerName: row.designerName,
    thumbnailUrl: fileUrl(row.thumbnailKey),
    state: row.state,
    countedVotes: row.countedVotes,
    reachedAt: row.reachedAt?.toISOString() ?? null,
  });

  /** The latest month whose close (plus the grace) has passed at `at`. */
  const lastDueMonth = (at: Date): ContestMonth =>
    previousMonth(contestMonthOf(new Date(at.getTime() - CLOSE_GRACE_MS), settings.timeZone));

  async function close(month: ContestMonth, options: { rerun?: boolean } = {}) {
    if (!isContestMonth(month) || month < FIRST_COMPUTED_MONTH) {
      throw new RangeError(`${month} is not a month decided by votes (the first is ${FIRST_COMPUTED_MONTH})`);
    }
    const rules = rulesOf(month);
    if (now().getTime() < rules.end.getTime() + CLOSE_GRACE_MS) {
      throw new RangeError(`${month} has not closed yet (it closes at ${rules.end.toISOString()})`);
    }
    const outcome = await repo.close(month, rules, { closedAt: now(), rerun: options.rerun ?? false });
    if (outcome.recorded) {
      deps.log?.info(
        { month, winner: outcome.winnerDesignId, entries: outcome.entries },
        'contest month closed',
      );
    }
    return { month, ...outcome };
  }

  return {
    close,

    /**
     * Closes every month that has ended and is not recorded yet, oldest first: the scheduled job
     * and the catch-up at start. Months before the first submission are not looked at.
     */
    async closeDue(): Promise<{ month: string; recorded: boolean }[]> {
      const first = await repo.firstSubmissionSince(monthStart(FIRST_COMPUTED_MONTH, settings.timeZone));
      if (!first) return [];
      const due = monthsBetween(contestMonthOf(first, settings.timeZone), lastDueMonth(now()));
      const closed = await repo.closedAmong(due);
      const outcomes = [];
      for (const month of due.filter((m) => !closed.has(m))) outcomes.push(await close(month));
      return outcomes.map(({ month, recorded }) => ({ month, recorded }));
    },

    async overview(): Promise<ContestOverview> {
      const at = now();
      const month = contestMonthOf(at, settings.timeZone);
      const rules = rulesOf(month);
      const [counts, archive] = await Promise.all([repo.summary(rules), repo.archive(ARCHIVE_MONTHS)]);
      return {
        rules: { timeZone: settings.timeZone, minAccountAgeHours: settings.minAccountAgeHours },
        now: at.toISOString(),
        current: {
          month,
          startsAt: rules.start.toISOString(),
          closesAt: rules.end.toISOString(),
          ...counts,
        },
        archive: archive.map((m) => ({
          month: m.month,
          startsAt: monthWindow(m.month, settings.timeZone).start.toISOString(),
          closesAt: m.closesAt.toISOString(),
          closedAt: m.closedAt.toISOString(),
          entries: m.entries,
          voters: m.voters,
          winner: m.winner ? standing(m.winner, m.winner.rank) : null,
        })),
      };
    },

    /** The open month's live top 10. */
    async standings(): Promise<ContestStandings> {
      const month = contestMonthOf(now(), settings.timeZone);
      const rows = await repo.standings(rulesOf(month), STANDINGS_SIZE);
      return { month, standings: rows.map((row, i) => standing(row, i + 1)) };
    },

    /** A closed month's full results (404 for a month not recorded). */
    async results(month: string): Promise<ContestResults> {
      const closed = isContestMonth(month) ? await repo.closedMonth(month) : undefined;
      if (!closed) throw new NotFoundError('No results have been recorded for that month.');
      const rows = await repo.results(month, RESULTS_LIMIT);
      return {
        month,
        startsAt: monthWindow(month, settings.timeZone).start.toISOString(),
        closesAt: closed.closesAt.toISOString(),
        closedAt: closed.closedAt.toISOString(),
        entries: closed.entries,
        voters: closed.voters,
        results: rows.map((row) => standing(row, row.rank)),
      };
    },

    async trophyClub(): Promise<TrophyClub> {
      const rows = await repo.trophyClub();
      return {
        winners: rows.map((row) => ({
          month: row.month,
          patternName: row.patternName.trim() || 'No Name',
          designerName: row.designerName,
          // Seeded winners carry the URL of an image the app serves; computed ones a storage key
          // (their design may be gone, so the month says which, not the design link).
          imageUrl: (row.month < FIRST_COMPUTED_MONTH ? row.imageKey : fileUrl(row.imageKey)) ?? '',
          designId: row.designId,
          voteCount: row.voteCount,
        })),
        currentMonth: contestMonthOf(now(), settings.timeZone),
      };
    },

    /** The contest a submitted design entered and how its votes count (null: not an entry). */
    async entryOf(design: {
      id: string;
      status: string;
      submittedAt: string | null;
    }): Promise<DesignContest> {
      const month =
        design.status === 'submitted' && design.submittedAt
          ? entryMonthOf(new Date(design.submittedAt), settings.timeZone)
          : null;
      if (!month) return { entry: null };
      const rules = rulesOf(month);
      const closed = now().getTime() >= rules.end.getTime();
      const [votes, result] = await Promise.all([
        repo.voteBreakdown(design.id, rules),
        closed ? repo.resultOf(design.id) : Promise.resolve(undefined),
      ]);
      const recorded = result?.month === month ? result : undefined;
      // A recorded month shows what was recorded; an open one (or one being recorded) the count.
      const countedVotes = recorded?.countedVotes ?? votes.counted;
      return {
        entry: {
          month,
          closesAt: rules.end.toISOString(),
          closed,
          rank: recorded?.rank ?? null,
          won: recorded?.rank === 1 && countedVotes > 0,
          countedVotes,
          votesAfterClose: votes.afterClose,
          newAccountVotes: votes.newAccount,
        },
      };
    },

    async winsOf(userId: string): Promise<DesignerWins> {
      const rows = await repo.winsOf(userId);
      return { wins: rows.map((row) => ({ month: row.month, designId: row.designId, name: row.name })) };
    },
  };
}
export type ContestService = ReturnType<typeof createContestService>;
