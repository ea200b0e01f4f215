import type { Design } from '@camo/shared/generation.schema';
import { messages } from '@camo/shared/messages';
import { useParams } from 'react-router';
import { LoadingState } from '@/components/ui/loading-state';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { designQueryOptions, useDesign } from '@/lib/design-actions';
import { useMe } from '@/lib/me';
import type { PageModule } from '@/lib/route-handle';
import { commentsQueryOptions } from '@/features/community/api/comments';
import { voteStatusQueryOptions } from '@/features/community/api/votes';
import { CommentsSection } from '@/features/community/components/comments-section';
import { VoteButton } from '@/features/community/components/vote-button';
import { ConcealmentViewer } from '@/features/concealment/components/concealment-viewer';
import { designContestQueryOptions } from '@/features/contest/api/contest';
import { DesignContestPanel } from '@/features/contest/components/design-contest-panel';
import { NewAccountVoteNote } from '@/features/contest/components/new-account-vote-note';
import { DesignArticle } from '@/features/designs/components/design-article';
import { DesignLoadError } from '@/features/designs/components/design-load-error';
import { ShareButton } from '@/features/designs/components/share-button';
import { HidingPanel } from '@/features/hunt/components/hiding-panel';
import { ReportButton } from '@/features/moderation/components/report-button';
import { ReportCommentButton } from '@/features/moderation/components/report-comment-button';
import { DesignInMyPhoto } from '@/features/ground/components/design-in-my-photo';
import { VersatilityPanel } from '@/features/ground/components/versatility-panel';
import { BreedFromDesign } from '@/features/breeding/components/breed-from-design';
import { TrueSize } from '@/features/true-size/components/true-size';

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
  if (design.isError) return <DesignLoadError error={design.error} />;
  return <DesignDetail design={design.data} />;
}

/** Votes, sharing, reports, the contest, hide and seek and comments are for submitted designs. */
function DesignDetail({ design }: { design: Design }) {
  const { data: me } = useMe();
  const isOwner = me?.id === design.userId;
  const submitted = design.status === 'submitted';
  const versatility = design.versatility;
  return (
    <DesignArticle
      design={design}
      isOwner={isOwner}
      actions={
        me &&
        submitted && (
          <>
            <VoteButton designId={design.id} isOwner={isOwner} initialCount={design.voteCount} />
            <ShareButton title={design.name.trim() || messages.noName} />
            {!isOwner && <ReportButton targetType="design" targetId={design.id} subject="this design" />}
          </>
        )
      }
      voteNote={me && !isOwner && submitted && <NewAccountVoteNote me={me} />}
      contest={submitted && <DesignContestPanel designId={design.id} />}
      versatility={submitted && versatility !== undefined && <VersatilityPanel versatility={versatility} />}
      breed={
        me &&
        submitted &&
        design.environmentPhotoUrl && (
          <BreedFromDesign designId={design.id} initialVariant={design.selectedVariant ?? 'A'} />
        )
      }
      trueSize={
        design.shownImageUrl && (
          <TrueSize
            imageUrl={design.shownImageUrl}
            repeatCm={design.repeatCm}
            name={design.name.trim() || messages.noName}
          />
        )
      }
      inMyPhoto={me && <DesignInMyPhoto designId={design.id} />}
      viewer={<ConcealmentViewer designId={design.id} />}
      hiding={submitted && <HidingPanel designId={design.id} />}
      comments={
        submitted && (
          <CommentsSection
            designId={design.id}
            designOwnerId={design.userId}
            viewerId={me?.id}
            reportButton={(comment) => <ReportCommentButton comment={comment} />}
          />
        )
      }
    />
  );
}
