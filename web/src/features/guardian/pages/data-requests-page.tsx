import { Button, Callout, Card, HTMLSelect, InputGroup } from '@blueprintjs/core';
import { useState } from 'react';
import { formatDate } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { guardianApi } from '../api/guardian-api';
import { BulkInviteCard } from '../components/bulk-invite-card';
import { useT, type MessageId } from '../i18n';
import '../components/guardian.css';

/** The office's guardians page: inviting a class's or a section's guardians (guardians.invite), and the side of guardians' data rights: correction requests to answer, and consents withdrawn. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const [status, setStatus] = useState<'open' | 'all'>('open');
  const [notes, setNotes] = useState<Record<string, string>>({});
  const manage = home.permissions.includes('consents.manage');
  const requests = guardianApi.useDataRequestsQuery({ schoolId, status });
  const withdrawals = guardianApi.useWithdrawalsQuery({ schoolId });
  const [resolve, resolving] = guardianApi.useResolveRequestMutation();
  if (!home.permissions.includes('consents.read')) return null;
  return (
    <section className="gd-page">
      <h1>{t('office.heading')}</h1>
      {home.permissions.includes('guardians.invite') ? <BulkInviteCard schoolId={schoolId} /> : null}
      <Card className="gd-card">
        <h2>{t('office.requests')}</h2>
        <HTMLSelect
          large
          aria-label={t('office.show')}
          value={status}
          onChange={(e) => setStatus(e.target.value as 'open' | 'all')}
          options={[
            { value: 'open', label: t('office.open') },
            { value: 'all', label: t('office.all') },
          ]}
        />
        {requests.isError ? <Callout intent="danger">{t('office.loadFailed')}</Callout> : null}
        {requests.data && requests.data.items.length === 0 ? <EmptyState headingLevel={2} icon="tick" title={t('office.noRequests')} description={t('office.noRequestsText')} /> : null}
        <ul className="gd-list">
          {requests.data?.items.map((r) => (
            <li key={r.id} className="gd-request" data-testid="data-request">
              <strong>{r.studentName}</strong>
              <span>{r.message}</span>
              <span className="gd-muted">
                {r.requestedByName ?? ''} · {formatDate(r.requestedAt)} · {t(`rights.request.${r.status}` as MessageId)}
              </span>
              {manage && r.status === 'open' ? (
                <div className="gd-actions">
                  <InputGroup
                    aria-label={t('office.note')}
                    placeholder={t('office.note')}
                    value={notes[r.id] ?? ''}
                    onChange={(e) => setNotes({ ...notes, [r.id]: e.target.value })}
                    maxLength={500}
                  />
                  <Button className="gd-touch" intent="success" loading={resolving.isLoading} onClick={() => void resolve({ schoolId, requestId: r.id, status: 'resolved', note: notes[r.id] || undefined })}>
                    {t('office.resolve')}
                  </Button>
                  <Button className="gd-touch" minimal loading={resolving.isLoading} onClick={() => void resolve({ schoolId, requestId: r.id, status: 'declined', note: notes[r.id] || undefined })}>
                    {t('office.decline')}
                  </Button>
                </div>
              ) : r.resolutionNote ? (
                <span className="gd-muted">{r.resolutionNote}</span>
              ) : null}
            </li>
          ))}
        </ul>
      </Card>
      <Card className="gd-card">
        <h2>{t('office.withdrawals')}</h2>
        {withdrawals.data && withdrawals.data.items.length === 0 ? <p className="gd-muted">{t('office.noWithdrawals')}</p> : null}
        <ul className="gd-list">
          {withdrawals.data?.items.map((w) => (
            <li key={w.id}>
              <strong>{w.studentName}</strong>
              <span>{t(`consent.kind.${w.kind}` as MessageId)}</span>
              <span className="gd-muted">
                {formatDate(w.at)} · {w.byName ?? ''}
                {w.note ? ` · ${w.note}` : ''}
              </span>
            </li>
          ))}
        </ul>
      </Card>
    </section>
  );
}
