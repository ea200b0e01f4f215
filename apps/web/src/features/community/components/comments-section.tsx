import type { Comment } from '@camo/shared/community.schema';
import { COMMENT_MAX, communityMessages } from '@camo/shared/community';
import { useState, type FormEvent, type ReactNode } from 'react';
import { toast } from 'sonner';
import { useComments, useDeleteComment, usePostComment } from '../api/comments';
import { LocalDate } from '@/components/ui/local-date';
import { useControlReady } from '@/lib/hydration';
import { ApiRequestError } from '@/lib/api-client';

type CommentsSectionProps = {
  designId: string;
  designOwnerId: string;
  /** The signed-in viewer's id; undefined while unknown. */
  viewerId: string | undefined;
  /** The report control for another person's comment; the route supplies it (moderation's). */
  reportButton?: (comment: Comment) => ReactNode;
};

/** Spec §2 design detail, §5 Comment, §6: count, form, newest-first list, delete by author or design owner. */
export function CommentsSection({ designId, designOwnerId, viewerId, reportButton }: CommentsSectionProps) {
  const comments = useComments(designId);
  const post = usePostComment(designId);
  const remove = useDeleteComment(designId);
  const [text, setText] = useState('');
  const ready = useControlReady();

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = text.trim();
    // Spec §5: empty or whitespace-only comments are ignored, not refused with a message.
    if (!trimmed || post.isPending) return;
    // The box empties once the comment is in, unless the person has already started another one
    // while it was on its way (that text is theirs to keep).
    const draft = text;
    post.mutate(trimmed, {
      onSuccess: () => setText((current) => (current === draft ? '' : current)),
      // A blocked person is told why (403 carries the moderators' message); anything else is
      // the specification's failure message.
      onError: (error) =>
        toast.error(
          error instanceof ApiRequestError && error.status === 403
            ? error.message
            : communityMessages.postFailed,
        ),
    });
  }

  function confirmDelete(comment: Comment) {
    if (!window.confirm(communityMessages.deleteConfirm)) return;
    remove.mutate(comment.id, { onError: () => toast.error(communityMessages.deleteFailed) });
  }

  const count = comments.data?.count;
  return (
    <section aria-labelledby="comments-title" className="flex flex-col gap-4">
      <h2 id="comments-title" className="stencil-heading text-3xl text-bone">
        Comments{count !== undefined && ` (${count})`}
      </h2>

      <form onSubmit={submit} className="flex flex-col gap-2">
        <label htmlFor="comment-text" className="sr-only">
          Your comment
        </label>
        <textarea
          id="comment-text"
          className="field-input min-h-24"
          placeholder="Leave a comment..."
          {...ready()}
          maxLength={COMMENT_MAX}
          value={text}
          onChange={(event) => setText(event.target.value)}
          aria-describedby="comment-counter"
        />
        <div className="flex items-center justify-between gap-3">
          <span id="comment-counter" className="text-sm text-sage">
            {text.length}/{COMMENT_MAX}
          </span>
          <button type="submit" className="btn btn-primary btn-sm" {...ready(post.isPending)}>
            Post Comment
          </button>
        </div>
      </form>

      {comments.isPending ? (
        <p className="text-sage">Loading comments...</p>
      ) : comments.isError ? (
        <p className="text-danger">Comments could not be loaded.</p>
      ) : comments.data.comments.length === 0 ? (
        <p className="text-sage">No comments yet.</p>
      ) : (
        <ul className="flex flex-col gap-3">
          {comments.data.comments.map((comment) => (
            <CommentItem
              key={comment.id}
              comment={comment}
              canDelete={
                viewerId !== undefined && (viewerId === comment.userId || viewerId === designOwnerId)
              }
              report={
                viewerId !== undefined && viewerId !== comment.userId ? reportButton?.(comment) : undefined
              }
              deleting={remove.isPending && remove.variables === comment.id}
              onDelete={() => confirmDelete(comment)}
            />
          ))}
        </ul>
      )}
    </section>
  );
}

type CommentItemProps = {
  comment: Comment;
  canDelete: boolean;
  report: ReactNode;
  deleting: boolean;
  onDelete: () => void;
};

function CommentItem({ comment, canDelete, report, deleting, onDelete }: CommentItemProps) {
  const ready = useControlReady();
  return (
    <li className="card flex gap-3 p-4">
      {comment.userAvatar ? (
        <img
          src={comment.userAvatar}
          alt=""
          width={40}
          height={40}
          loading="lazy"
          referrerPolicy="no-referrer"
          className="size-10 shrink-0 rounded-full bg-loam object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="flex size-10 shrink-0 items-center justify-center rounded-full bg-olive-700 font-condensed text-lg font-bold uppercase text-bone"
        >
          {comment.userName.trim().charAt(0) || '?'}
        </span>
      )}
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <div className="flex flex-wrap items-baseline justify-between gap-x-3">
          <p className="font-bold text-bone">{comment.userName}</p>
          <LocalDate iso={comment.createdAt} className="text-sm text-sage" />
        </div>
        {/* Rendered as text, never as HTML (spec §5; the server stores the text as typed). */}
        <p className="whitespace-pre-wrap break-words text-bone">{comment.text}</p>
        {(canDelete || Boolean(report)) && (
          <div className="flex flex-wrap justify-end gap-2">
            {report}
            {canDelete && (
              <button
                type="button"
                className="btn btn-quiet btn-sm"
                {...ready(deleting)}
                onClick={onDelete}
                aria-label={`Delete comment by ${comment.userName}`}
              >
                Delete
              </button>
            )}
          </div>
        )}
      </div>
    </li>
  );
}
