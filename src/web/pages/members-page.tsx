import type { Member, MemberList } from '@shared/contracts/members.ts';
import { TEAM_ROLES, type TeamRole } from '@shared/contracts/stores.ts';
import { allows } from '@shared/permissions.ts';
import { ReadError } from '@web/components/page-states.tsx';
import { Button } from '@web/components/ui/button.tsx';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@web/components/ui/card.tsx';
import { Input } from '@web/components/ui/input.tsx';
import { Label } from '@web/components/ui/label.tsx';
import { Skeleton } from '@web/components/ui/skeleton.tsx';
import { StoresCard } from '@web/features/stores/components/stores-card.tsx';
import { errorSentence } from '@web/lib/api-error.ts';
import { Users } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'wouter';
import {
  useInvite,
  useMembers,
  usePendingInvitations,
  useRemoveMember,
  useRevokeInvitation,
  useUpdateMember,
} from '../features/members/api/use-members.ts';

const ROLE_HINTS: Record<TeamRole, string> = {
  owner: 'everything',
  admin: 'connections, members, costs',
  analyst: 'read, implement opportunities, experiments',
  viewer: 'read only',
};

const selectClasses =
  'h-9 max-w-full rounded-md border border-slate-700 bg-slate-900 px-2 text-sm text-slate-100 disabled:opacity-60';

function RoleSelect({
  id,
  value,
  canAppointOwner,
  disabled,
  onChange,
}: {
  id: string;
  value: TeamRole;
  canAppointOwner: boolean;
  disabled?: boolean;
  onChange: (role: TeamRole) => void;
}) {
  return (
    <select
      id={id}
      className={selectClasses}
      value={value}
      disabled={disabled}
      onChange={(event) => onChange(event.target.value as TeamRole)}
    >
      {TEAM_ROLES.filter((role) => canAppointOwner || role !== 'owner' || value === 'owner').map((role) => (
        <option key={role} value={role}>
          {role} — {ROLE_HINTS[role]}
        </option>
      ))}
    </select>
  );
}

function MemberRow({ member, you }: { member: Member; you: MemberList['you'] }) {
  const update = useUpdateMember();
  const remove = useRemoveMember();
  const manages = allows(you, 'members') && (member.role !== 'owner' || you.role === 'owner');
  const name = [member.firstName, member.lastName].filter(Boolean).join(' ') || member.email || 'Member';
  const error = update.error ?? remove.error;
  const switchLabel = (what: string) => `${what} (${member.email ?? name})`;
  return (
    <li className="grid gap-2 py-3" data-testid="member-row">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <p className="font-medium text-slate-100">
            {name} {member.you ? <span className="text-xs text-slate-400">(you)</span> : null}
          </p>
          <p className="text-xs text-slate-400">
            {member.email} · joined {new Date(member.joinedAt).toLocaleDateString()}
          </p>
        </div>
        <div className="flex w-full flex-wrap items-center gap-3 sm:w-auto">
          <label className="sr-only" htmlFor={`role-${member.id}`}>
            Role of {member.email ?? name}
          </label>
          <RoleSelect
            id={`role-${member.id}`}
            value={member.role}
            canAppointOwner={you.role === 'owner'}
            disabled={!manages || update.isPending}
            onChange={(role) => update.mutate({ id: member.id, body: { role } })}
          />
          <label className="flex items-center gap-1 text-sm text-slate-300">
            <input
              type="checkbox"
              aria-label={switchLabel('Can see costs and profit')}
              checked={member.canSeeCosts}
              disabled={!manages || member.role === 'owner' || update.isPending}
              onChange={(event) =>
                update.mutate({ id: member.id, body: { canSeeCosts: event.target.checked } })
              }
            />
            Costs and profit
          </label>
          <label className="flex items-center gap-1 text-sm text-slate-300">
            <input
              type="checkbox"
              aria-label={switchLabel("Can see customers' personal data")}
              checked={member.canSeePersonalData}
              disabled={!manages || member.role === 'owner' || update.isPending}
              onChange={(event) =>
                update.mutate({ id: member.id, body: { canSeePersonalData: event.target.checked } })
              }
            />
            Customers’ personal data
          </label>
          {manages ? (
            <Button
              variant="outline"
              size="sm"
              disabled={remove.isPending}
              aria-label={`Remove ${member.email ?? name}`}
              onClick={() => {
                if (
                  window.confirm(
                    `Remove ${member.email ?? name} from this workspace? Their sessions end at once.`,
                  )
                )
                  remove.mutate(member.id);
              }}
            >
              Remove
            </Button>
          ) : null}
        </div>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-rose-300">
          {errorSentence(error, 'The change was not saved')}
        </p>
      ) : null}
    </li>
  );
}

function InviteForm({ you }: { you: MemberList['you'] }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<TeamRole>('viewer');
  const [copied, setCopied] = useState(false);
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setCopied(false);
    invite.mutate({ email, role }, { onSuccess: () => setEmail('') });
  };
  return (
    <div className="grid gap-3">
      <form className="flex flex-wrap items-end gap-3" onSubmit={onSubmit}>
        <div className="grid w-72 max-w-full gap-1">
          <Label htmlFor="invite-email">E-mail address</Label>
          <Input
            id="invite-email"
            type="email"
            required
            value={email}
            placeholder="colleague@example.com"
            onChange={(event) => setEmail(event.target.value)}
          />
        </div>
        <div className="grid min-w-0 max-w-full gap-1">
          <Label htmlFor="invite-role">Role</Label>
          <RoleSelect
            id="invite-role"
            value={role}
            canAppointOwner={you.role === 'owner'}
            onChange={setRole}
          />
        </div>
        <Button type="submit" disabled={invite.isPending || email.trim() === ''}>
          Invite
        </Button>
      </form>
      {invite.data ? (
        <div className="rounded-md border border-emerald-700 bg-emerald-950/40 p-3 text-sm" role="status">
          <p className="text-emerald-200">
            {invite.data.emailed
              ? `Invitation e-mailed to ${invite.data.invitation.email}. You can also send this link:`
              : `Send this link to ${invite.data.invitation.email} (this server sends no e-mail):`}{' '}
            it works once, for 7 days.
          </p>
          <div className="mt-2 flex flex-wrap items-center gap-2">
            <code className="break-all text-white" data-testid="invitation-url">
              {invite.data.url}
            </code>
            <Button
              size="sm"
              variant="secondary"
              onClick={() => {
                void navigator.clipboard?.writeText(invite.data.url).then(() => setCopied(true));
              }}
            >
              {copied ? 'Copied' : 'Copy link'}
            </Button>
          </div>
        </div>
      ) : null}
      {invite.error ? (
        <p role="alert" className="text-sm text-rose-300">
          {errorSentence(invite.error, 'The invitation was not created')}
        </p>
      ) : null}
    </div>
  );
}

function PendingInvitations() {
  const invitations = usePendingInvitations(true);
  const revoke = useRevokeInvitation();
  if (invitations.isLoading) return <Skeleton className="h-6 w-48" />;
  if (invitations.error) return <ReadError error={invitations.error} />;
  const list = invitations.data?.invitations ?? [];
  if (list.length === 0) return <p className="text-sm text-slate-400">No pending invitations.</p>;
  return (
    <ul className="divide-y divide-slate-800" data-testid="pending-invitations">
      {list.map((invitation) => (
        <li key={invitation.id} className="flex flex-wrap items-center justify-between gap-3 py-2">
          <p className="text-sm text-slate-200">
            {invitation.email} · {invitation.role} · expires{' '}
            {new Date(invitation.expiresAt).toLocaleDateString()}
          </p>
          <Button
            size="sm"
            variant="outline"
            disabled={revoke.isPending}
            aria-label={`Withdraw the invitation of ${invitation.email}`}
            onClick={() => revoke.mutate(invitation.id)}
          >
            Withdraw
          </Button>
        </li>
      ))}
    </ul>
  );
}

/** /settings/members (issue #17): the workspace's members, their roles and switches, invitations. */
export function MembersPage() {
  const members = useMembers();
  const you = members.data?.you;
  const manages = you ? allows(you, 'members') : false;
  return (
    <div className="grid gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-3xl font-bold tracking-tight text-white">
          <Users aria-hidden="true" className="size-7 text-indigo-300" /> Members
        </h1>
        <p className="mt-1 text-slate-300">
          Who works in this workspace and what each may do.{' '}
          {you && allows(you, 'audit') ? (
            <Link href="/settings/audit-log" className="text-indigo-300 hover:underline">
              Audit log
            </Link>
          ) : null}
        </p>
      </div>
      <StoresCard />
      {manages && you ? (
        <Card>
          <CardHeader>
            <CardTitle className="text-base">Invite someone</CardTitle>
            <CardDescription>
              They get an e-mail with a link (or send them the link yourself) and sign in with that address to
              join.
            </CardDescription>
          </CardHeader>
          <CardContent className="grid gap-4">
            <InviteForm you={you} />
            <PendingInvitations />
          </CardContent>
        </Card>
      ) : null}
      <Card>
        <CardHeader>
          <CardTitle className="text-base">Members</CardTitle>
        </CardHeader>
        <CardContent>
          {members.isLoading ? (
            <div className="grid gap-3" data-testid="loading">
              <Skeleton className="h-10 w-full" />
              <Skeleton className="h-10 w-full" />
            </div>
          ) : members.error ? (
            <ReadError error={members.error} />
          ) : members.data && you ? (
            <ul className="divide-y divide-slate-800">
              {members.data.members.map((member) => (
                <MemberRow key={member.id} member={member} you={you} />
              ))}
            </ul>
          ) : null}
        </CardContent>
      </Card>
    </div>
  );
}
