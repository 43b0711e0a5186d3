import {
  AcceptedInvitationSchema,
  AuditLogPageSchema,
  CreatedInvitationSchema,
  type CreateInvitationBody,
  InvitationListSchema,
  InvitationPreviewSchema,
  type MemberList,
  MemberListSchema,
  type UpdateMemberBody,
} from '@shared/contracts/members.ts';
import { useInfiniteQuery, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiRequest, getJson, requestJson } from '@web/lib/api-request.ts';

const membersKey = ['/api/workspace/members'] as const;
const invitationsKey = ['/api/workspace/invitations'] as const;

export function useMembers() {
  return useQuery({
    queryKey: membersKey,
    queryFn: () => getJson('/api/workspace/members', MemberListSchema),
  });
}

/** Pending invitations: only owners and admins may list them (`enabled` says whether to ask). */
export function usePendingInvitations(enabled: boolean) {
  return useQuery({
    queryKey: invitationsKey,
    enabled,
    queryFn: () => getJson('/api/workspace/invitations', InvitationListSchema),
  });
}

export function useInvite() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: CreateInvitationBody) =>
      requestJson('POST', '/api/workspace/invitations', CreatedInvitationSchema, body),
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

export function useRevokeInvitation() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/workspace/invitations/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: invitationsKey }),
  });
}

/** Changes a member's role or switches, shown at once and put back if the server refuses. */
export function useUpdateMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async ({ id, body }: { id: string; body: UpdateMemberBody }) => {
      await apiRequest('PATCH', `/api/workspace/members/${encodeURIComponent(id)}`, body);
    },
    onMutate: async ({ id, body }) => {
      await client.cancelQueries({ queryKey: membersKey });
      const before = client.getQueryData<MemberList>(membersKey);
      if (before)
        client.setQueryData<MemberList>(membersKey, {
          ...before,
          members: before.members.map((member) => (member.id === id ? { ...member, ...body } : member)),
        });
      return { before };
    },
    onError: (_error, _change, context) => {
      if (context?.before) client.setQueryData(membersKey, context.before);
    },
    onSettled: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

export function useRemoveMember() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (id: string) => {
      await apiRequest('DELETE', `/api/workspace/members/${encodeURIComponent(id)}`);
    },
    onSuccess: () => client.invalidateQueries({ queryKey: membersKey }),
  });
}

/** The audit log, newest first, 50 entries a page ("Load more" asks for the next). */
export function useAuditLog() {
  return useInfiniteQuery({
    queryKey: ['/api/audit-log'],
    initialPageParam: null as string | null,
    queryFn: ({ pageParam }) =>
      getJson(`/api/audit-log?limit=50${pageParam ? `&before=${pageParam}` : ''}`, AuditLogPageSchema),
    getNextPageParam: (page) => page.nextBefore,
  });
}

export function useInvitationPreview(token: string) {
  return useQuery({
    queryKey: ['/api/invitations', token],
    queryFn: () => getJson(`/api/invitations/${encodeURIComponent(token)}`, InvitationPreviewSchema),
  });
}

export function useAcceptInvitation(token: string) {
  return useMutation({
    mutationFn: () =>
      requestJson('POST', `/api/invitations/${encodeURIComponent(token)}/accept`, AcceptedInvitationSchema),
  });
}
