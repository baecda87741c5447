import { Button, Callout, FormGroup, HTMLSelect, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import type { BulkTransferResult } from '@vidyalaya/shared/certificates';
import type { StudentSectionOption } from '@vidyalaya/shared/students';
import { useMemo, useState } from 'react';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { useBulkTransferMutation, useLeaversQuery } from '../api/certificates-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import { openCertificatePdf } from './print';

/**
 * Transfer certificates for a class's leavers at once (after the year end: Class 10 and 12 pass
 * out; or the children who left): the class's students who left or passed out with their dues and
 * TC, then one button that issues a TC to each who has none and owes nothing. Each TC is filled
 * from the record as on the student's page; conduct and games may be typed once for all.
 */
export function LeaversPanel(props: { schoolId: string; sections: readonly StudentSectionOption[] }) {
  const t = useT();
  const language = useLanguage();
  const { schoolId } = props;
  const classes = useMemo(() => {
    const seen = new Map<string, { classId: string; label: string }>();
    for (const s of props.sections) if (!seen.has(s.classId)) seen.set(s.classId, { classId: s.classId, label: `${s.className} (${s.academicYear})` });
    return [...seen.values()];
  }, [props.sections]);
  const [classId, setClassId] = useState('');
  const [conduct, setConduct] = useState('');
  const [games, setGames] = useState('');
  const [result, setResult] = useState<BulkTransferResult | null>(null);
  const leavers = useLeaversQuery({ schoolId, classId }, { skip: !classId });
  const [bulk, issuing] = useBulkTransferMutation();
  const items = leavers.data?.items ?? [];
  const ready = items.filter((l) => !l.certificateNumber && l.duesPaise === 0);

  const issue = async () => {
    const fields: Record<string, string> = {};
    if (conduct.trim()) fields.conduct = conduct.trim();
    if (games.trim()) fields.games = games.trim();
    try {
      setResult(await bulk({ schoolId, body: { classId, ...(Object.keys(fields).length ? { fields } : {}) } }).unwrap());
    } catch {
      toastError(t('cert.error.generic'));
    }
  };
  const print = (id: string, lang: 'en' | 'hi') => openCertificatePdf(schoolId, id, lang).catch(() => toastError(t('cert.error.generic')));

  return (
    <section aria-labelledby="cert-leavers-title" data-testid="leavers-panel">
      <h2 id="cert-leavers-title">{t('cert.leavers.title')}</h2>
      <p className="cert-muted">{t('cert.leavers.intro')}</p>
      <div className="cert-filters">
        <FormGroup label={t('cert.leavers.class')} labelFor="cert-leavers-class">
          <HTMLSelect id="cert-leavers-class" large value={classId} onChange={(e) => (setClassId(e.target.value), setResult(null))}>
            <option value="">{t('cert.leavers.choose')}</option>
            {classes.map((c) => (
              <option key={c.classId} value={c.classId}>
                {c.label}
              </option>
            ))}
          </HTMLSelect>
        </FormGroup>
      </div>
      {leavers.isFetching ? <Spinner size={20} /> : null}
      {leavers.isError ? <Callout intent="danger">{t('cert.register.loadFailed')}</Callout> : null}
      {classId && leavers.data && items.length === 0 ? <p data-testid="leavers-empty">{t('cert.leavers.none')}</p> : null}
      {items.length > 0 ? (
        <>
          <div className="cert-table-wrap">
            <HTMLTable compact striped data-testid="leavers-table">
              <thead>
                <tr>
                  <th>{t('cert.register.student')}</th>
                  <th className="cert-hide-narrow">{t('cert.leavers.left')}</th>
                  <th>{t('cert.leavers.tc')}</th>
                </tr>
              </thead>
              <tbody>
                {items.map((l) => (
                  <tr key={l.studentId}>
                    <td>
                      {l.name}
                      <br />
                      <small>
                        {l.admissionNumber}
                        {l.sectionName ? ` · ${l.sectionName}` : ''}
                      </small>
                    </td>
                    <td className="cert-hide-narrow">
                      {t(`cert.leavers.status.${l.status}` as MessageId)}
                      {l.leftOn ? ` · ${formatDate(l.leftOn)}` : ''}
                    </td>
                    <td>
                      {l.certificateNumber ? (
                        <Tag intent="success">{l.certificateNumber}</Tag>
                      ) : l.duesPaise > 0 ? (
                        <Tag intent="warning">{t('cert.leavers.dues', { amount: formatMoney(l.duesPaise, language) })}</Tag>
                      ) : (
                        <Tag minimal>{t('cert.leavers.ready')}</Tag>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </HTMLTable>
          </div>
          <div className="cert-filters">
            <FormGroup label={t('cert.field.conduct')} labelFor="cert-leavers-conduct" helperText={t('cert.leavers.forAll')}>
              <InputGroup id="cert-leavers-conduct" large value={conduct} maxLength={500} onChange={(e) => setConduct(e.target.value)} />
            </FormGroup>
            <FormGroup label={t('cert.field.games')} labelFor="cert-leavers-games" helperText={t('cert.leavers.forAll')}>
              <InputGroup id="cert-leavers-games" large value={games} maxLength={500} onChange={(e) => setGames(e.target.value)} />
            </FormGroup>
          </div>
          <Button
            className="cert-touch"
            intent="primary"
            icon="document"
            disabled={ready.length === 0}
            loading={issuing.isLoading}
            text={t('cert.leavers.issue', { count: ready.length })}
            onClick={() => void issue()}
            data-testid="leavers-issue"
          />
        </>
      ) : null}
      {result ? (
        <Callout intent={result.issued.length > 0 ? 'success' : 'warning'} role="status" data-testid="leavers-result" className="cert-result">
          <p>{t('cert.leavers.issuedCount', { count: result.issued.length })}</p>
          {result.issued.length > 0 ? (
            <ul className="cert-list">
              {result.issued.map((c) => (
                <li key={c.id}>
                  <span>
                    {c.number} · {c.studentName}
                  </span>
                  <span className="cert-actions">
                    <Button className="cert-touch" icon="print" text="EN" aria-label={`${t('cert.print')} ${c.number}`} onClick={() => void print(c.id, 'en')} />
                    <Button className="cert-touch" icon="print" text="हिं" aria-label={`${t('cert.printHindi')} ${c.number}`} onClick={() => void print(c.id, 'hi')} />
                  </span>
                </li>
              ))}
            </ul>
          ) : null}
          {result.skipped.length > 0 ? (
            <>
              <p>{t('cert.leavers.skippedCount', { count: result.skipped.length })}</p>
              <ul className="cert-list">
                {result.skipped.map((x) => (
                  <li key={x.studentId}>
                    {x.name ? `${x.name}: ` : ''}
                    {t(`cert.leavers.skip.${x.code}` as MessageId)}
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </Callout>
      ) : null}
    </section>
  );
}
