import type { Design, Variant } from '@camo/shared/generation';
import { messages } from '@camo/shared/messages';
import { lazy, Suspense, useState } from 'react';
import { Link, useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { useMe } from '@/lib/me';
import { CommentsSection } from '@/features/community/components/comments-section';
import { VoteButton } from '@/features/community/components/vote-button';
import { NewAccountVoteNote } from '@/features/contest/components/new-account-vote-note';
import { useDesign } from '@/lib/design-actions';
import { DesignName } from '@/features/designs/components/design-name';
import { DesignStory } from '@/features/designs/components/design-story';
import { EnvironmentPhoto } from '@/components/design/environment-photo';
import { ExportLinks } from '@/components/design/export-links';
import { ShareButton } from '@/features/designs/components/share-button';
import {
  availableVariants,
  chosenImageUrl,
  designPageMessages,
  locationLabel,
  variantUrl,
} from '@/lib/design-view';
import { ApiRequestError } from '@/lib/api-client';
import { LocalDate } from '@/components/ui/local-date';
import type { PageModule } from '@/lib/route-handle';
import { commentsQueryOptions } from '@/features/community/api/comments';
import { voteStatusQueryOptions } from '@/features/community/api/votes';
import { designQueryOptions } from '@/lib/design-actions';
import { designContestQueryOptions } from '@/features/contest/api/contest';
import { DesignContestPanel } from '@/features/contest/components/design-contest-panel';
import { HidingPanel } from '@/features/hunt/components/hiding-panel';
import { ReportButton } from '@/features/moderation/components/report-button';
import { moderationMessages } from '@camo/shared/moderation-text';

/** The design, its comments and, for anyone but its owner, the viewer's vote. */
export const prefetch: PageModule['prefetch'] = async ({ queryClient, params, me }) => {
  const id = params.designId ?? '';
  const [design] = await Promise.all([
    queryClient.fetchQuery(designQueryOptions(id)).catch(() => null),
    queryClient.prefetchQuery(commentsQueryOptions(id)),
    queryClient.prefetchQuery(designContestQueryOptions(id)),
  ]);
  if (design && me && design.userId !== me.id) await queryClient.prefetchQuery(voteStatusQueryOptions(id));
};

/** /gallery/{designId}: the design detail page with its vote control and comments (spec §2, §4, §6). */
export default function DesignDetailPage() {
  const { designId = '' } = useParams();
  const design = useDesign(designId);
  useDocumentTitle(design.data ? design.data.name.trim() || messages.noName : 'Design');

  if (design.isPending) return <LoadingState />;
  if (design.isError) {
    const notFound = design.error instanceof ApiRequestError && design.error.status === 404;
    return (
      <div className="mx-auto flex max-w-3xl flex-col items-start gap-6 px-4 py-20 sm:px-6">
        <h1 className="stencil-heading text-4xl text-bone">
          {notFound ? 'Not found' : 'Something went wrong'}
        </h1>
        <p role="alert" className="text-lg text-danger">
          {notFound ? designPageMessages.notFound : designPageMessages.fetchFailed}
        </p>
        <Link to="/gallery" className="btn btn-primary">
          Back to the gallery
        </Link>
      </div>
    );
  }
  return <DesignDetail design={design.data} />;
}

function DesignDetail({ design }: { design: Design }) {
  const { data: me } = useMe();
  const isOwner = me?.id === design.userId;
  const name = design.name.trim() || messages.noName;
  const image = design.displayUrl ?? chosenImageUrl(design);
  const showsEdited = design.hasEdits && design.finalDesignChoice === 'edited' && design.editedImageUrl;

  return (
    <article
      aria-labelledby="design-title"
      className="mx-auto flex max-w-6xl flex-col gap-10 px-4 py-10 sm:px-6 sm:py-12"
    >
      <header className="flex flex-col gap-2">
        <p className="eyebrow">{statusLabel(design.status)}</p>
        <DesignName design={design} isOwner={isOwner} />
        <p className="text-sage">
          Created by{' '}
          <Link to={`/gallery/user/${design.userId}`} className="text-link">
            {design.designerName.trim() || messages.unknownDesigner}
          </Link>
        </p>
        {me && design.status === 'submitted' && (
          <div className="flex flex-wrap items-start gap-x-6 gap-y-3 pt-2">
            <VoteButton designId={design.id} isOwner={isOwner} initialCount={design.voteCount} />
            <ShareButton title={name} />
            {!isOwner && <ReportButton targetType="design" targetId={design.id} subject="this design" />}
          </div>
        )}
        {me && !isOwner && design.status === 'submitted' && <NewAccountVoteNote me={me} />}
      </header>

      {isOwner && design.status === 'hidden' && (
        <div role="status" className="card flex flex-col gap-2 border-danger/60 p-5">
          <p className="font-bold text-bone">{moderationMessages.designHiddenNotice}</p>
          {design.hiddenReason && <p className="text-sage">Reason: {design.hiddenReason}</p>}
          <p className="text-sage">
            Only you can see it now. It is out of the gallery, the contest and the game.
          </p>
        </div>
      )}

      {isOwner && design.status === 'pending_selection' && design.environmentPhotoId && (
        <div className="card flex flex-col gap-3 border-blaze/60 p-5 sm:flex-row sm:items-center sm:justify-between">
          <p className="text-bone">
            Only you can see this design until you name it and submit it to the gallery.
          </p>
          <Link
            to={`/create-design?photo=${encodeURIComponent(design.environmentPhotoId)}`}
            className="btn btn-primary shrink-0"
          >
            Finish this design
          </Link>
        </div>
      )}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <figure className="card self-start overflow-hidden">
          {image ? (
            <img
              src={image}
              alt={`${name}, camouflage design`}
              width={1024}
              height={1024}
              fetchPriority="high"
              className="aspect-square w-full bg-loam object-cover"
            />
          ) : (
            <div className="camo-texture aspect-square w-full" />
          )}
          {showsEdited && design.editPrompt && (
            <figcaption className="px-4 py-3 text-sm text-sage">
              Edited: &ldquo;{design.editPrompt}&rdquo;
            </figcaption>
          )}
        </figure>

        <div className="flex flex-col gap-6">
          <dl className="card grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 p-5">
            <dt className="eyebrow">Created</dt>
            <dd className="text-bone">
              <LocalDate iso={design.createdAt} />
            </dd>
            <dt className="eyebrow">Location</dt>
            <dd className="text-bone">{locationLabel(design.state, design.county)}</dd>
            <dt className="eyebrow">Selected variant</dt>
            <dd className="text-bone">
              {design.selectedVariant ? `Design ${design.selectedVariant}` : 'None yet'}
            </dd>
            <dt className="eyebrow">Votes</dt>
            <dd className="text-bone">{design.voteCount}</dd>
          </dl>
          {design.status === 'submitted' && <DesignContestPanel designId={design.id} />}
          <EnvironmentPhoto design={design} label="Environment" />
          <DesignStory key={design.story ?? ''} design={design} isOwner={isOwner} />
          {isOwner && (
            <div className="card p-5">
              <ExportLinks designId={design.id} />
            </div>
          )}
        </div>
      </div>

      {design.status === 'submitted' && <HidingPanel designId={design.id} />}

      <section aria-labelledby="variants-title" className="flex flex-col gap-4">
        <h2 id="variants-title" className="stencil-heading text-3xl text-bone">
          Both variants
        </h2>
        <ul className="grid gap-4 sm:grid-cols-2">
          {availableVariants(design).map((variant) => (
            <VariantCard key={variant} design={design} variant={variant} />
          ))}
        </ul>
      </section>

      {design.status === 'submitted' && (
        <CommentsSection
          designId={design.id}
          designOwnerId={design.userId}
          viewerId={me?.id}
          reportButton={(comment) => (
            <ReportButton
              targetType="comment"
              targetId={comment.id}
              subject={`comment by ${comment.userName}`}
              small
            />
          )}
        />
      )}
    </article>
  );
}

function statusLabel(status: Design['status']): string {
  switch (status) {
    case 'submitted':
      return 'Gallery';
    case 'hidden':
      return 'Hidden by a moderator';
    case 'pending_selection':
      return 'Not submitted yet';
  }
}

function VariantCard({ design, variant }: { design: Design; variant: Variant }) {
  const selected = design.selectedVariant === variant;
  const prompt = variant === 'A' ? design.promptA : design.promptB;
  const analysis = variant === 'A' ? design.markdownAnalysisA : design.markdownAnalysisB;
  const src =
    selected && design.hasEdits && design.finalDesignChoice === 'edited' && design.editedImageUrl
      ? design.editedImageUrl
      : variantUrl(design, variant);
  return (
    <li className={`card overflow-hidden ${selected ? 'ring-2 ring-blaze' : ''}`}>
      <div className="flex items-center justify-between gap-2 px-4 py-2.5">
        <h3 className="font-condensed text-xl font-bold uppercase tracking-wider text-bone">
          Design {variant}
        </h3>
        {selected && (
          <span className="rounded bg-blaze px-2 py-0.5 font-condensed text-sm font-bold uppercase text-night">
            Selected
          </span>
        )}
      </div>
      {src && (
        <img
          src={src}
          alt={`Design ${variant}`}
          width={1024}
          height={1024}
          loading="lazy"
          className="aspect-square w-full bg-loam object-cover"
        />
      )}
      {prompt && <p className="px-4 py-3 text-sm leading-relaxed text-sage">{prompt}</p>}
      {analysis && <VariantAnalysis variant={variant} markdown={analysis} />}
    </li>
  );
}

// The Markdown renderer is a chunk of its own, fetched when someone opens an analysis.
const DesignAnalysis = lazy(() =>
  import('@/components/design/design-analysis').then((module) => ({
    default: module.DesignAnalysis,
  })),
);

function VariantAnalysis({ variant, markdown }: { variant: Variant; markdown: string }) {
  const [open, setOpen] = useState(false);
  return (
    <details
      className="group border-t border-olive-900 px-4 py-3"
      onToggle={(event) => setOpen(event.currentTarget.open)}
    >
      <summary className="cursor-pointer font-condensed text-lg font-bold uppercase tracking-wider text-coyote-300 hover:text-bone">
        Design {variant} analysis
      </summary>
      {open && (
        <Suspense fallback={<p className="text-sage">{messages.loading}</p>}>
          <DesignAnalysis markdown={markdown} />
        </Suspense>
      )}
    </details>
  );
}
