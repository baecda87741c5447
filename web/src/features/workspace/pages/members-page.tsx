import { Alert, Button, Card, HTMLSelect, HTMLTable, Spinner, Tag } from '@blueprintjs/core';
import { roleHas, SCHOOL_ROLES, type SchoolRole } from '@vidyalaya/shared';
import { type Invitation, type Member } from '@vidyalaya/shared/people';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { useAppSelector } from '../../../lib/store/hooks';
import { formatDate } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { useChangeMemberRoleMutation, useInvitationsQuery, useMembersQuery, useRemoveMemberMutation, useRevokeInvitationMutation } from '../api/workspace-api';
import { apiErrorText } from '../components/api-error-text';
import { EmptyState } from '../components/empty-state';
import { InviteDialog } from '../components/invite-dialog';
import { useSchool } from '../components/workspace-context';
import { useT, type MessageId } from '../i18n';

/** Members of the school: everyone with a role may look (members.read); admins manage (members.manage). */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const me = useAppSelector((s) => s.auth.user);
  const canManage = roleHas(home.role, 'members.manage');
  const members = useMembersQuery({ schoolId }, { skip: !roleHas(home.role, 'members.read') });
  const invitations = useInvitationsQuery(schoolId, { skip: !canManage });
  const [changeRole] = useChangeMemberRoleMutation();
  const [removeMember, removing] = useRemoveMemberMutation();
  const [revoke, revoking] = useRevokeInvitationMutation();
  const [inviting, setInviting] = useState(false);
  const [toRemove, setToRemove] = useState<Member | null>(null);
  const [toRevoke, setToRevoke] = useState<Invitation | null>(null);
  if (!roleHas(home.role, 'members.read')) return <Navigate to={`/workspace/${schoolId}`} replace />;

  async function onRole(member: Member, role: SchoolRole) {
    try {
      await changeRole({ schoolId, userId: member.userId, role }).unwrap();
      toast({ title: t('members.roleChanged', { name: member.name ?? member.username, role: t(`role.${role}` as MessageId) }) });
    } catch (e) {
      toastError(t('members.roleChangeFailed'), apiErrorText(t, e, 'common.tryAgain'));
    }
  }
  async function onRemove() {
    if (!toRemove) return;
    try {
      await removeMember({ schoolId, userId: toRemove.userId }).unwrap();
      toast({ title: t('members.removed', { name: toRemove.name ?? toRemove.username }) });
    } catch (e) {
      toastError(t('members.removeFailed'), apiErrorText(t, e, 'common.tryAgain'));
    }
    setToRemove(null);
  }
  async function onRevoke() {
    if (!toRevoke) return;
    try {
      await revoke({ schoolId, invitationId: toRevoke.id }).unwrap();
      toast({ title: t('members.revoked', { email: toRevoke.email }) });
    } catch (e) {
      toastError(t('members.revokeFailed'), apiErrorText(t, e, 'common.tryAgain'));
    }
    setToRevoke(null);
  }

  const list = members.data?.items ?? [];
  const pending = invitations.data?.items ?? [];
  return (
    <section className="ws-members">
      <div className="ws-section-head">
        <h1>{t('nav.members')}</h1>
        {canManage ? <Button className="ws-touch" intent="primary" icon="new-person" text={t('members.invite')} onClick={() => setInviting(true)} /> : null}
      </div>
      {members.isLoading ? (
        <Spinner size={24} aria-label={t('common.loading')} />
      ) : members.isError ? (
        <EmptyState headingLevel={2} icon="error" title={t('common.loadFailed')} description={t('common.tryAgain')} action={<Button className="ws-touch" text={t('common.retry')} onClick={() => void members.refetch()} />} />
      ) : (
        <Card className="ws-card ws-table-card">
          <HTMLTable className="ws-table" aria-label={t('nav.members')}>
            <thead>
              <tr>
                <th scope="col">{t('members.name')}</th>
                <th scope="col">{t('members.email')}</th>
                <th scope="col">{t('members.role')}</th>
                <th scope="col">{t('members.joined')}</th>
                {canManage ? <th scope="col"><span className="ws-visually-hidden">{t('members.actions')}</span></th> : null}
              </tr>
            </thead>
            <tbody>
              {list.map((m) => {
                const self = m.userId === me?.id;
                return (
                  <tr key={m.userId}>
                    <td data-label={t('members.name')}>
                      <strong>{m.name ?? m.username}</strong>
                      {m.name ? <span className="ws-muted ws-block">@{m.username}</span> : null}
                    </td>
                    <td data-label={t('members.email')} className="ws-break">{m.email}</td>
                    <td data-label={t('members.role')}>
                      {canManage && !self ? (
                        <HTMLSelect
                          className="ws-touch"
                          value={m.role}
                          aria-label={t('members.roleOf', { name: m.name ?? m.username })}
                          onChange={(e) => void onRole(m, e.target.value as SchoolRole)}
                        >
                          {SCHOOL_ROLES.map((r) => (
                            <option key={r} value={r}>
                              {t(`role.${r}` as MessageId)}
                            </option>
                          ))}
                        </HTMLSelect>
                      ) : (
                        <Tag minimal>{t(`role.${m.role}` as MessageId)}</Tag>
                      )}
                    </td>
                    <td data-label={t('members.joined')}>{formatDate(m.joinedAt)}</td>
                    {canManage ? (
                      <td>
                        {self ? (
                          <span className="ws-muted">{t('members.you')}</span>
                        ) : (
                          <Button className="ws-touch" variant="minimal" intent="danger" icon="remove" text={t('members.remove')} aria-label={t('members.removeName', { name: m.name ?? m.username })} onClick={() => setToRemove(m)} />
                        )}
                      </td>
                    ) : null}
                  </tr>
                );
              })}
            </tbody>
          </HTMLTable>
        </Card>
      )}

      {canManage ? (
        <section className="ws-pending" aria-labelledby="ws-pending-title">
          <h2 id="ws-pending-title">{t('members.pendingTitle')}</h2>
          {invitations.isLoading ? (
            <Spinner size={20} aria-label={t('common.loading')} />
          ) : pending.length === 0 ? (
            <p className="ws-muted">{t('members.noPending')}</p>
          ) : (
            <ul className="ws-pending-list">
              {pending.map((inv) => (
                <li key={inv.id} className="ws-pending-item">
                  <div>
                    <strong>{inv.name}</strong> <span className="ws-break">{inv.email}</span>
                    <span className="ws-muted ws-block">
                      {t(`role.${inv.role}` as MessageId)} · {t('members.expires', { date: formatDate(inv.expiresAt) })}
                    </span>
                  </div>
                  <Button className="ws-touch" variant="minimal" intent="danger" icon="cross" text={t('members.revoke')} aria-label={t('members.revokeEmail', { email: inv.email })} onClick={() => setToRevoke(inv)} />
                </li>
              ))}
            </ul>
          )}
        </section>
      ) : null}

      {canManage ? <InviteDialog schoolId={schoolId} isOpen={inviting} onClose={() => setInviting(false)} /> : null}
      <Alert
        isOpen={!!toRemove}
        intent="danger"
        icon="remove"
        confirmButtonText={t('members.remove')}
        cancelButtonText={t('common.cancel')}
        loading={removing.isLoading}
        onCancel={() => setToRemove(null)}
        onConfirm={() => void onRemove()}
      >
        <p>{toRemove ? t('members.removeConfirm', { name: toRemove.name ?? toRemove.username }) : ''}</p>
      </Alert>
      <Alert
        isOpen={!!toRevoke}
        intent="danger"
        icon="cross"
        confirmButtonText={t('members.revoke')}
        cancelButtonText={t('common.cancel')}
        loading={revoking.isLoading}
        onCancel={() => setToRevoke(null)}
        onConfirm={() => void onRevoke()}
      >
        <p>{toRevoke ? t('members.revokeConfirm', { email: toRevoke.email }) : ''}</p>
      </Alert>
    </section>
  );
}
