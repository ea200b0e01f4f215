/**
 * Fills the gallery benchmark's database straight in SQL (generate_series), fast enough for
 * 100,000 designs and a million votes: people, submitted designs over two years in every state
 * with names from the site's name words, and about ten votes per design (between 0 and 30, skewed
 * low, as popularity is). Every vote row is counted in its design's vote_count, nobody votes on
 * their own design (designers and voters are different people), and (user, design) is unique.
 */
import { nameAdjectives, nameNouns } from '@camo/shared/design-names';
import { usStates } from '@camo/shared/states';
import { sql } from 'drizzle-orm';
import type { Db } from '../../src/platform/db/database.js';

export const DESIGNERS = 1000;
export const VOTERS = 3000;
/** Votes of a design: floor(31 r^2) for r uniform in [0, 1): 0 to 30, mean about 9.8. */
const MAX_VOTES = 31;

const textArray = (words: readonly string[]) => `{${words.map((w) => `"${w.replace(/"/g, '')}"`).join(',')}}`;

/** A stable number in [0, 1) for design n (Knuth's multiplicative hash; `salt` picks a stream). */
const unit = (n: ReturnType<typeof sql>, salt: number) =>
  sql`((((${n})::bigint * 2654435761 + ${salt * 40503}) % 4294967296)::float8 / 4294967296)`;

export async function createPeople(db: Db): Promise<void> {
  await db.execute(sql`
    insert into users (id, email, display_name, email_verified)
    select md5('bench-designer-' || k)::uuid::text, 'designer' || k || '@bench.example', 'Designer ' || k, true
    from generate_series(0, ${DESIGNERS - 1}::int) k
    union all
    select md5('bench-voter-' || k)::uuid::text, 'voter' || k || '@bench.example', 'Voter ' || k, true
    from generate_series(0, ${VOTERS - 1}::int) k`);
  await db.execute(sql`analyze users`);
}

/** Adds designs number `from` to `to - 1` and their votes; `base` is the newest submission time. */
export async function addDesigns(db: Db, from: number, to: number, base: Date): Promise<void> {
  const n = sql`n`;
  const votes = sql`floor(${MAX_VOTES} * power(${unit(n, 1)}, 2))::int`;
  const submitted = sql`(${base.toISOString()}::timestamptz - ${unit(n, 2)} * interval '730 days')`;
  await db.execute(sql`
    insert into designs (id, user_id, name, environment_description, designer_name, state, county, status,
                         selected_variant, design_a_url, design_a_thumbnail_url, image_url, thumbnail_url,
                         vote_count, created_at, submitted_at)
    select id, md5('bench-designer-' || (n % ${DESIGNERS}))::uuid::text,
           (${textArray(nameAdjectives)}::text[])[1 + (n * 7) % ${nameAdjectives.length}] || ' ' ||
             (${textArray(nameNouns)}::text[])[1 + (n * 13) % ${nameNouns.length}],
           'Oak and pine woods with leaf litter', 'Designer ' || (n % ${DESIGNERS}),
           (${textArray(usStates.map((s) => s.code))}::text[])[1 + n % ${usStates.length}], 'N/A', 'submitted',
           'A', key || '.png', key || '_thumb.webp', key || '.png', key || '_thumb.webp',
           ${votes}, submitted - interval '10 minutes', submitted
    from (select n, md5('bench-design-' || n)::uuid::text as id, ${submitted} as submitted,
                 'ai_gen/' || to_char(${submitted} at time zone 'UTC', 'YYYY/MM') || '/camo_design_' ||
                   md5('bench-design-' || n)::uuid::text || '_a' as key
          from generate_series(${from}::int, ${to - 1}::int) n) d`);
  // The same vote count formula, so vote_count equals the rows; voters (n*31 + j*97) mod 3000 are
  // distinct for j < 3000, and never the design's designer.
  await db.execute(sql`
    insert into votes (user_id, design_id, created_at)
    select md5('bench-voter-' || ((n * 31 + j * 97) % ${VOTERS}))::uuid::text, md5('bench-design-' || n)::uuid::text,
           ${submitted} + j * interval '1 hour'
    from generate_series(${from}::int, ${to - 1}::int) n, generate_series(1, ${votes}) j`);
  await db.execute(sql`analyze designs`);
  await db.execute(sql`analyze votes`);
}

/** The invariants the benchmark's data must keep, checked after each fill. */
export async function checkData(db: Db): Promise<{ designs: number; votes: number }> {
  const result: unknown = await db.execute(sql`
    select (select count(*)::int from designs where status = 'submitted') as designs,
           (select count(*)::int from votes) as votes,
           (select coalesce(sum(vote_count), 0)::int from designs) as counted,
           (select count(*)::int from votes v join designs d on d.id = v.design_id where v.user_id = d.user_id) as own`);
  const [row] = (result as { rows: { designs: number; votes: number; counted: number; own: number }[] }).rows;
  if (!row) throw new Error('no counts');
  if (row.counted !== row.votes) throw new Error(`vote_count sums to ${row.counted}, ${row.votes} vote rows`);
  if (row.own !== 0) throw new Error(`${row.own} votes on their own design`);
  return { designs: row.designs, votes: row.votes };
}
