import { Button, Callout, Card, HTMLSelect } from '@blueprintjs/core';
import type { GuardianInvitationsResult } from '@vidyalaya/shared/guardians';
import { useMemo, useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { guardianApi } from '../api/guardian-api';
import { useT } from '../i18n';
import './guardian.css';

/** The counts the office reads after a bulk invitation. */
export function bulkCounts(result: GuardianInvitationsResult) {
  return {
    invited: result.invitations.filter((i) => i.status !== 'accepted').length,
    linked: result.invitations.filter((i) => i.status === 'accepted').length,
    alreadyLinked: result.skipped.filter((s) => s.reason === 'already_linked').length,
    noEmail: result.skipped.filter((s) => s.reason === 'no_email').length,
    notInvited: result.skipped.filter((s) => s.reason === 'not_invited').length,
  };
}

/**
 * "Invite a class's or a section's guardians" on the office's guardians page (permission
 * guardians.invite): every active student's guardians with an e-mail get one invitation each
 * (siblings share one); the card shows how many were invited, linked at once, already had an
 * account, and how many students have no guardian e-mail on the record.
 */
export function BulkInviteCard({ schoolId }: { schoolId: string }) {
  const t = useT();
  const choices = guardianApi.useInviteChoicesQuery({ schoolId });
  const [invite, inviting] = guardianApi.useInviteSectionOrClassMutation();
  const [choice, setChoice] = useState('');
  const [result, setResult] = useState<GuardianInvitationsResult | null>(null);
  const [error, setError] = useState<string | null>(null);
  const options = useMemo(() => {
    const out: { value: string; label: string }[] = [];
    const seen = new Set<string>();
    for (const o of choices.data?.items ?? []) {
      if (!seen.has(o.classId)) {
        seen.add(o.classId);
        out.push({ value: `class:${o.classId}`, label: t('bulk.wholeClass', { className: o.className }) });
      }
      out.push({ value: `section:${o.sectionId}`, label: t('bulk.section', { className: o.className, sectionName: o.sectionName }) });
    }
    return out;
  }, [choices.data, t]);

  const send = async () => {
    const [scope, id] = choice.split(':') as ['class' | 'section', string];
    if (!id) return;
    setError(null);
    setResult(null);
    try {
      setResult(await invite({ schoolId, scope, id }).unwrap());
    } catch (e) {
      setError(asApiError(e).serverMessage ?? t('invite.failed'));
    }
  };
  const counts = result ? bulkCounts(result) : null;

  return (
    <Card className="gd-card" data-testid="bulk-invite">
      <h2>{t('bulk.heading')}</h2>
      <p className="gd-muted">{t('bulk.intro')}</p>
      {choices.isError ? <Callout intent="danger">{t('bulk.loadFailed')}</Callout> : null}
      {choices.data && options.length === 0 ? <Callout intent="warning">{t('bulk.noSections')}</Callout> : null}
      <div className="gd-actions">
        <HTMLSelect
          large
          className="gd-select"
          aria-label={t('bulk.choose')}
          value={choice}
          onChange={(e) => {
            setChoice(e.target.value);
            setResult(null);
            setError(null);
          }}
          options={[{ value: '', label: t('bulk.choose'), disabled: true }, ...options]}
        />
        <Button className="gd-touch" intent="primary" icon="send-message" text={t('invite.send')} loading={inviting.isLoading} disabled={!choice} onClick={() => void send()} />
      </div>
      {counts ? (
        <Callout intent={counts.invited + counts.linked > 0 ? 'success' : 'none'} role="status" className="gd-note">
          <ul className="gd-list" data-testid="bulk-invite-result">
            <li data-count="invited">{t('bulk.count.invited', { count: counts.invited })}</li>
            <li data-count="linked">{t('bulk.count.linked', { count: counts.linked })}</li>
            <li data-count="alreadyLinked">{t('bulk.count.alreadyLinked', { count: counts.alreadyLinked })}</li>
            <li data-count="noEmail">{t('bulk.count.noEmail', { count: counts.noEmail })}</li>
            {counts.notInvited > 0 ? <li data-count="notInvited">{t('bulk.count.notInvited', { count: counts.notInvited })}</li> : null}
          </ul>
        </Callout>
      ) : null}
      {error ? (
        <Callout intent="danger" role="alert" className="gd-note">
          {error}
        </Callout>
      ) : null}
    </Card>
  );
}
