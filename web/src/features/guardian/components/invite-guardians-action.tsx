import { Button, Callout, Dialog, DialogBody, DialogFooter, Tag, type Intent } from '@blueprintjs/core';
import type { GuardianInvitationsResult } from '@vidyalaya/shared/guardians';
import type { Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { guardianApi } from '../api/guardian-api';
import { useT, type MessageId } from '../i18n';
import './guardian.css';

type Outcome = 'invited' | 'linked' | 'alreadyLinked' | 'notInvited' | 'noEmail' | 'notSent';
const OUTCOME_INTENT: Record<Outcome, Intent> = { invited: 'success', linked: 'success', alreadyLinked: 'none', notInvited: 'danger', noEmail: 'warning', notSent: 'none' };

/** What happened to each guardian on the record: invited, linked at once, already seeing the child, or no e-mail. */
function outcomeOf(email: string | null, result: GuardianInvitationsResult | null): Outcome | null {
  if (!email) return 'noEmail';
  if (!result) return null;
  const address = email.toLowerCase();
  const invitation = result.invitations.find((i) => i.email.toLowerCase() === address);
  if (invitation) return invitation.status === 'accepted' ? 'linked' : 'invited';
  const skipped = result.skipped.find((s) => s.email?.toLowerCase() === address);
  if (skipped?.reason === 'already_linked') return 'alreadyLinked';
  if (skipped?.reason === 'not_invited') return 'notInvited';
  return 'notSent';
}

/**
 * "Invite guardians" on the student's record (a student-action slot, permission guardians.invite):
 * each guardian on the record with an e-mail address gets an invitation to see this child (one who
 * already has an account is linked at once); the dialog shows what happened to each.
 */
export default function InviteGuardiansAction(props: { schoolId: string; student: Student }) {
  const t = useT();
  const { schoolId, student } = props;
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<GuardianInvitationsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [invite, inviting] = guardianApi.useInviteGuardiansMutation();
  const withEmail = student.guardians.filter((g) => g.email);
  const close = () => {
    setOpen(false);
    setResult(null);
    setError(null);
  };
  const send = async () => {
    setError(null);
    try {
      setResult(await invite({ schoolId, studentId: student.id }).unwrap());
    } catch (e) {
      const err = asApiError(e);
      setError(err.serverMessage ?? t('invite.failed'));
    }
  };
  return (
    <>
      <Button className="gd-touch" icon="envelope" text={t('invite.action')} onClick={() => setOpen(true)} />
      <Dialog isOpen={open} onClose={close} title={t('invite.title', { name: student.name })} className="gd-dialog">
        <DialogBody>
          <p className="gd-muted">{t('invite.intro')}</p>
          <ul className="gd-invitees" data-testid="invite-guardians">
            {student.guardians.map((g) => {
              const outcome = outcomeOf(g.email, result);
              return (
                <li key={g.id} data-outcome={outcome ?? 'ready'}>
                  <div>
                    <strong>{g.name}</strong>
                    <p className="gd-muted">{g.email ?? t('invite.noEmailOnRecord')}</p>
                  </div>
                  {outcome ? <Tag intent={OUTCOME_INTENT[outcome]}>{t(`invite.outcome.${outcome}` as MessageId)}</Tag> : null}
                </li>
              );
            })}
          </ul>
          {withEmail.length === 0 ? <Callout intent="warning">{t('invite.nobody')}</Callout> : null}
          {result && result.invitations.length > 0 ? (
            <Callout intent="success" role="status">
              {t('invite.sent', { count: result.invitations.length })}
            </Callout>
          ) : null}
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter
          actions={
            result ? (
              <Button className="gd-touch" intent="primary" text={t('invite.done')} onClick={close} />
            ) : (
              <>
                <Button className="gd-touch" text={t('invite.cancel')} onClick={close} />
                <Button className="gd-touch" intent="primary" icon="send-message" text={t('invite.send')} loading={inviting.isLoading} disabled={withEmail.length === 0} onClick={() => void send()} />
              </>
            )
          }
        />
      </Dialog>
    </>
  );
}
