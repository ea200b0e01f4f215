import type { DesignCard } from '@camo/shared/api.schema';
import { messages } from '@camo/shared/messages';
import { Link } from 'react-router';
import { locationLabel } from '@/lib/design-view';
import { thisMonthsSubmission } from '@/features/designs/lib/this-month';
import { LocalDate } from '@/components/ui/local-date';
import { monthName } from '@/lib/format';

/**
 * The Design Studio's card for this month's submission: the designer's design for the open
 * contest month, or the way to make one. `currentMonth` is the server's (YYYY-MM).
 */
export function MonthCard({
  designs,
  currentMonth,
  pending,
}: {
  designs: DesignCard[] | undefined;
  currentMonth: string | undefined;
  pending: boolean;
}) {
  const month = currentMonth ? monthName(Number(currentMonth.slice(5)) - 1) : 'this month';
  const submission = designs && currentMonth ? thisMonthsSubmission(designs, currentMonth) : undefined;
  return (
    <section aria-labelledby="month-title" className="card overflow-hidden">
      <div className="flex flex-col gap-6 p-5 sm:flex-row sm:items-center sm:p-6">
        {pending ? (
          <div aria-hidden="true" className="aspect-square w-full animate-pulse rounded bg-loam sm:w-48" />
        ) : submission ? (
          <SubmissionImage design={submission} />
        ) : (
          <div
            aria-hidden="true"
            className="camo-texture hidden aspect-square w-48 shrink-0 rounded sm:block"
          />
        )}
        <div className="flex flex-col gap-3">
          <p className="eyebrow">This month's submission</p>
          <h2 id="month-title" className="stencil-heading text-3xl text-bone">
            {pending
              ? messages.loading
              : submission
                ? submission.name.trim() || messages.noName
                : `Nothing in for ${month} yet`}
          </h2>
          {submission ? (
            <>
              <p className="text-sage">
                Submitted for {month}: {locationLabel(submission.state, submission.county)},{' '}
                <LocalDate iso={submission.createdAt} />. {submission.voteCount}{' '}
                {submission.voteCount === 1 ? 'vote' : 'votes'} so far.{' '}
                <Link to={`/gallery/${submission.id}`} className="text-link">
                  View it
                </Link>
              </p>
              <Link to="/create-design" className="btn btn-secondary w-full sm:w-fit">
                Create Another Design
              </Link>
            </>
          ) : (
            !pending && (
              <>
                <p className="text-sage">
                  Make a design for your ground and submit it: the community votes, and the month's best joins
                  the Trophy Club.
                </p>
                <Link to="/create-design" className="btn btn-primary w-full sm:w-fit">
                  Create a Design
                </Link>
              </>
            )
          )}
        </div>
      </div>
    </section>
  );
}

function SubmissionImage({ design }: { design: DesignCard }) {
  const image = design.thumbnailUrl ?? design.imageUrl;
  return image ? (
    <img
      src={image}
      alt=""
      width={400}
      height={400}
      decoding="async"
      className="aspect-square w-full shrink-0 rounded bg-loam object-cover sm:w-48"
    />
  ) : (
    <div aria-hidden="true" className="camo-texture aspect-square w-full shrink-0 rounded sm:w-48" />
  );
}
