import type { DesignCard } from '@camo/shared/api';
import type { GenerationSummary } from '@camo/shared/generation';
import { messages } from '@camo/shared/messages';
import { Link } from 'react-router';
import { StrokeIcon } from '@/components/ui/stroke-icon';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { trophyClubQueryOptions, useTrophyClub } from '@/features/contest/api/contest';
import type { PageModule } from '@/lib/route-handle';
import { useUnfinishedGenerations } from '@/features/create-design/api/list-generations';
import { locationLabel } from '@/lib/design-view';
import { thisMonthsSubmission } from '@/features/designs/lib/this-month';
import { userDesignsQueryOptions, useUserDesigns } from '@/features/profile/api/get-user-designs';
import { LocalDate } from '@/components/ui/local-date';
import { monthName } from '@/lib/format';

const guide = [
  {
    title: 'Snap your ground',
    body: 'Take or pick a photo of the place you hunt or camp: the timber, marsh or sage flat.',
  },
  {
    title: 'Describe it',
    body: 'A sentence or two on what is there: cover, colours, season. Up to 500 characters.',
  },
  {
    title: 'Pin the location',
    body: 'Choose the state, and the county if you like. Location data in the photo is stripped.',
  },
  {
    title: 'Pick design elements',
    body: 'Optional hints: blobs, contour lines, speckles, a limited palette and more.',
  },
  {
    title: 'Choose and edit',
    body: 'Two designs come back side by side. Pick one and make one edit if it needs it.',
  },
  {
    title: 'Name and submit',
    body: 'Give it a name and submit it to the gallery, where the community votes each month.',
  },
];

const tools = [
  {
    to: '/gallery',
    title: 'Gallery',
    body: 'See what the community made, and vote for the best.',
    icon: <path d="M4 5h16v14H4zM4 15l4-4 4 4 3-3 5 5M15 9h.01" />,
  },
  {
    to: '/contest',
    title: 'Contest',
    body: "The rules, this month's standings and the Trophy Club.",
    icon: (
      <path d="M8 4h8v5a4 4 0 0 1-8 0zM8 6H5a3 3 0 0 0 3 4M16 6h3a3 3 0 0 1-3 4M12 13v4M8 20h8M10 17h4" />
    ),
  },
  {
    to: '/profile',
    title: 'Your profile',
    body: 'All your designs and your account details.',
    icon: <path d="M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0" />,
  },
  {
    to: '/terms',
    title: 'Terms',
    body: 'Who owns the patterns, and the rules of the site.',
    icon: <path d="M7 3h7l5 5v13H7zM14 3v5h5M10 13h6M10 17h6" />,
  },
];

/** /design (spec §2): this month's submission, the six-step guide, tool cards, and unfinished work. */
/** The month's card: the open contest month and the designer's latest designs. */
export const prefetch: PageModule['prefetch'] = ({ queryClient, me }) =>
  Promise.all([
    queryClient.prefetchQuery(trophyClubQueryOptions),
    me ? queryClient.prefetchQuery(userDesignsQueryOptions(me.id)) : undefined,
  ]);

export default function DesignStudioPage() {
  useDocumentTitle('Design Studio');
  const { data: me } = useMe();
  return (
    <>
      <section aria-labelledby="studio-title" className="camo-texture relative">
        <div
          aria-hidden="true"
          className="absolute inset-0 bg-gradient-to-r from-night/95 via-night/85 to-night/60"
        />
        <div className="relative mx-auto flex max-w-6xl flex-col gap-3 px-4 py-12 sm:px-6 sm:py-16">
          <p className="eyebrow">Your base camp</p>
          <h1 id="studio-title" className="stencil-heading text-4xl text-bone sm:text-6xl">
            Design Studio
          </h1>
          <p className="max-w-2xl text-lg text-sage">
            One photo of your ground becomes two camouflage designs. Pick one, tune it, name it, and put it in
            front of the community.
          </p>
        </div>
      </section>
      <div className="mx-auto flex max-w-6xl flex-col gap-14 px-4 py-12 sm:px-6">
        {me && <MonthCard userId={me.id} />}
        <UnfinishedGenerations />
        <section aria-labelledby="guide-title" className="flex flex-col gap-6">
          <h2 id="guide-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
            How it works
          </h2>
          <ol className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {guide.map((step, index) => (
              <li key={step.title} className="card relative flex gap-4 overflow-hidden p-5">
                <span aria-hidden="true" className="font-display text-4xl leading-none text-blaze">
                  {index + 1}
                </span>
                <div className="flex flex-col gap-1">
                  <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
                    <span className="sr-only">Step {index + 1}: </span>
                    {step.title}
                  </h3>
                  <p className="leading-relaxed text-sage">{step.body}</p>
                </div>
              </li>
            ))}
          </ol>
        </section>
        <section aria-labelledby="tools-title" className="flex flex-col gap-6">
          <h2 id="tools-title" className="stencil-heading text-3xl text-bone sm:text-4xl">
            Tools
          </h2>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
            {tools.map((tool) => (
              <li key={tool.to}>
                <Link
                  to={tool.to}
                  className="card group flex h-full flex-col gap-3 p-5 transition-colors hover:border-blaze"
                >
                  <StrokeIcon className="size-9 text-blaze">{tool.icon}</StrokeIcon>
                  <span className="font-condensed text-2xl font-bold uppercase tracking-wider text-bone group-hover:text-blaze">
                    {tool.title}
                  </span>
                  <span className="text-sage">{tool.body}</span>
                </Link>
              </li>
            ))}
          </ul>
        </section>
      </div>
    </>
  );
}

function MonthCard({ userId }: { userId: string }) {
  const designs = useUserDesigns(userId);
  const club = useTrophyClub();
  const currentMonth = club.data?.currentMonth;
  const month = currentMonth ? monthName(Number(currentMonth.slice(5)) - 1) : 'this month';
  const submission =
    designs.data && currentMonth ? thisMonthsSubmission(designs.data, currentMonth) : undefined;
  const pending = designs.isPending || club.isPending;
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

function UnfinishedGenerations() {
  const { data } = useUnfinishedGenerations();
  if (!data || data.length === 0) return null;
  return (
    <section aria-labelledby="unfinished-title" className="flex flex-col gap-4">
      <h2 id="unfinished-title" className="stencil-heading text-3xl text-bone">
        Pick up where you left off
      </h2>
      <ul className="grid gap-3 sm:grid-cols-2">
        {data.map((generation) => (
          <li key={generation.photoId}>
            <Link
              to={`/create-design?photo=${encodeURIComponent(generation.photoId)}`}
              className="card flex items-center gap-4 p-3 transition-colors hover:border-blaze"
            >
              {generation.thumbnailUrl ? (
                <img
                  src={generation.thumbnailUrl}
                  alt=""
                  width={80}
                  height={80}
                  loading="lazy"
                  className="size-20 shrink-0 rounded bg-loam object-cover"
                />
              ) : (
                <span aria-hidden="true" className="camo-texture size-20 shrink-0 rounded" />
              )}
              <span className="flex min-w-0 flex-col gap-1">
                <span className="font-condensed text-lg font-bold uppercase tracking-wide text-blaze">
                  {unfinishedLabel(generation)}
                </span>
                <span className="line-clamp-2 text-bone">{generation.description}</span>
                <span className="text-sm text-sage">
                  {locationLabel(generation.state, generation.county)} ·{' '}
                  <LocalDate iso={generation.createdAt} />
                </span>
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

function unfinishedLabel(generation: GenerationSummary): string {
  if (generation.status === 'failed') return 'Generation failed';
  if (generation.status === 'completed') return generation.designId ? 'Ready to finish' : 'See the results';
  return 'Generating...';
}
