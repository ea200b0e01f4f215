import type { Comment } from '@camo/shared/community.schema';
import { ReportButton } from '@/features/moderation/components/report-button';

/** The small report control beside a comment, naming the comment by its author. */
export function ReportCommentButton({ comment }: { comment: Pick<Comment, 'id' | 'userName'> }) {
  return (
    <ReportButton
      targetType="comment"
      targetId={comment.id}
      subject={`comment by ${comment.userName}`}
      small
    />
  );
}
