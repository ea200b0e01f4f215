import type {
  BlockedUserList,
  CreateReport,
  ModerationLog,
  MyReportList,
  Queue,
  ReportTarget,
} from '@camo/shared/moderation.schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { requestJson } from '@/lib/api-client';
import { queryKeys } from '@/lib/query-keys';

export function useReport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (report: CreateReport) => requestJson('/api/reports', { method: 'POST', body: report }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: queryKeys.myReports }),
  });
}

/** The signed-in person's reports and what came of them (shown on /profile). */
export function useMyReports() {
  return useQuery({
    queryKey: queryKeys.myReports,
    queryFn: () => requestJson<MyReportList>('/api/me/reports'),
  });
}

export function useModerationQueue() {
  return useQuery({
    queryKey: [...queryKeys.admin, 'reports'],
    queryFn: () => requestJson<Queue>('/api/admin/reports'),
  });
}

export function useModerationLog() {
  return useQuery({
    queryKey: [...queryKeys.admin, 'log'],
    queryFn: () => requestJson<ModerationLog>('/api/admin/log'),
  });
}

export function useBlockedUsers() {
  return useQuery({
    queryKey: [...queryKeys.admin, 'blocked'],
    queryFn: () => requestJson<BlockedUserList>('/api/admin/blocked'),
  });
}

/** One moderator action; every one names its reason. */
export type ModerationCommand =
  | { kind: 'hide' | 'restore'; targetType: ReportTarget; targetId: string; reason: string }
  | { kind: 'block' | 'unblock'; userId: string; reason: string }
  | { kind: 'dismiss'; targetType: ReportTarget; targetId: string; reason: string };

function commandRequest(command: ModerationCommand): { path: string; body: unknown } {
  const id = (value: string) => encodeURIComponent(value);
  switch (command.kind) {
    case 'hide':
    case 'restore':
      return {
        path: `/api/admin/${command.targetType}s/${id(command.targetId)}/${command.kind}`,
        body: { reason: command.reason },
      };
    case 'block':
    case 'unblock':
      return {
        path: `/api/admin/users/${id(command.userId)}/${command.kind}`,
        body: { reason: command.reason },
      };
    case 'dismiss':
      return {
        path: '/api/admin/reports/dismiss',
        body: { targetType: command.targetType, targetId: command.targetId, reason: command.reason },
      };
  }
}

export function useModerate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (command: ModerationCommand) => {
      const { path, body } = commandRequest(command);
      return requestJson(path, { method: 'POST', body });
    },
    onSettled: () => void queryClient.invalidateQueries({ queryKey: queryKeys.admin }),
  });
}
