import type { Comment, CommentList } from '@camo/shared/community.schema';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

const commentsPath = (designId: string) => `/api/designs/${encodeURIComponent(designId)}/comments`;

export async function listComments(designId: string): Promise<CommentList> {
  return requestJson<CommentList>(commentsPath(designId));
}

export async function postComment(designId: string, text: string): Promise<Comment> {
  return requestJson<Comment>(commentsPath(designId), { method: 'POST', body: { text } });
}

export async function deleteComment(commentId: string): Promise<void> {
  await requestJson(`/api/comments/${encodeURIComponent(commentId)}`, { method: 'DELETE', body: {} });
}

/** Newest first, with the design's comment count. */
export const commentsQueryOptions = (designId: string) =>
  queryOptions({ queryKey: queryKeys.designComments(designId), queryFn: () => listComments(designId) });

export function useComments(designId: string) {
  return useQuery(commentsQueryOptions(designId));
}

export function usePostComment(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (text: string) => postComment(designId, text),
    onSuccess: (comment) => {
      queryClient.setQueryData<CommentList>(queryKeys.designComments(designId), (list) =>
        list ? { comments: [comment, ...list.comments], count: list.count + 1 } : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.designComments(designId) });
    },
  });
}

export function useDeleteComment(designId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (commentId: string) => deleteComment(commentId),
    onSuccess: (_, commentId) => {
      queryClient.setQueryData<CommentList>(queryKeys.designComments(designId), (list) =>
        list
          ? { comments: list.comments.filter((c) => c.id !== commentId), count: Math.max(0, list.count - 1) }
          : list,
      );
      void queryClient.invalidateQueries({ queryKey: queryKeys.designComments(designId) });
    },
  });
}
