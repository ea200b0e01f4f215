import type { Design } from '@camo/shared/generation.schema';
import { messages } from '@camo/shared/messages';
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
import { designPageMessages } from '@/lib/design-view';
import { ApiRequestError } from '@/lib/api-client';
import type { PageModule } from '@/lib/route-handle';
import { commentsQueryOptions } from '@/features/community/api/comments';
import { voteStatusQueryOptions } from '@/features/community/api/votes';
import { designQueryOptions } from '@/lib/design-actions';
import { designContestQueryOptions } from '@/features/contest/api/contest';
import { DesignContestPanel } from '@/features/contest/components/design-contest-panel';
import { HidingPanel } from '@/features/hunt/components/hiding-panel';
import { ReportButton } from '@/features/moderation/components/report-button';

import { DesignOwnerNotice } from '@/features/designs/components/design-owner-notice';
import { DesignFigure } from '@/features/designs/components/design-figure';
import { DesignFacts } from '@/features/designs/components/design-facts';
import { DesignVariants } from '@/features/designs/components/design-variants';
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

      {isOwner && <DesignOwnerNotice design={design} />}

      <div className="grid gap-8 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <DesignFigure design={design} name={name} />

        <div className="flex flex-col gap-6">
          <DesignFacts design={design} />
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

      <DesignVariants design={design} />

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
