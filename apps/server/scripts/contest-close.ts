/**
 * `npm run contest:close -- [YYYY-MM] [--rerun]`: the operator's command for the monthly
 * contest, on the instance `npm start` serves (same configuration: DATA_DIR, DATABASE_URL).
 *
 *   npm run contest:close                   record every ended month not recorded yet
 *   npm run contest:close -- 2026-10        record October 2026 (nothing changes if it is recorded)
 *   npm run contest:close -- 2026-10 --rerun   count October 2026 again and replace its result
 *
 * A rerun counts the same votes (those cast before the close, from accounts old enough), so it
 * changes a result only when designs or accounts were removed since. With the embedded database
 * the server must be stopped first (one process owns the data directory).
 */
import { isContestMonth } from '@camo/shared/contest';
import pino from 'pino';
import { compose } from '../src/compose.js';
import { ConfigError, loadConfig } from '../src/platform/config.js';
import { openInstanceDatabase } from './open-instance.js';

async function main(args: string[]): Promise<number> {
  const rerun = args.includes('--rerun');
  const months = args.filter((arg) => !arg.startsWith('--'));
  const unknown = args.filter((arg) => arg.startsWith('--') && arg !== '--rerun');
  if (
    unknown.length > 0 ||
    months.length > 1 ||
    (months[0] && !isContestMonth(months[0])) ||
    (rerun && !months[0])
  ) {
    console.error('Usage: npm run contest:close -- [YYYY-MM] [--rerun]   (--rerun needs a month)');
    return 2;
  }
  const config = loadConfig();
  const database = await openInstanceDatabase(config, 'npm run contest:close');
  if (!database) return 1;
  // The same services as the server's (compose.ts); no jobs run here.
  const ctx = await compose({ config, database, log: pino({ level: process.env.LOG_LEVEL ?? 'warn' }) });
  try {
    const { contest } = ctx;
    const outcomes = months[0] ? [await contest.close(months[0], { rerun })] : await contest.closeDue();
    if (outcomes.length === 0) console.log('Every contest month that has ended is recorded already.');
    for (const outcome of outcomes) {
      console.log(`${outcome.month}: ${outcome.recorded ? 'recorded' : 'already recorded, unchanged'}`);
    }
    return 0;
  } catch (error) {
    if (error instanceof RangeError) {
      console.error(error.message);
      return 1;
    }
    throw error;
  } finally {
    await ctx.close();
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof ConfigError ? error.message : error);
    process.exit(1);
  },
);
