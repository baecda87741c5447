import { Callout, FormGroup, InputGroup } from '@blueprintjs/core';
import type { ReactNode } from 'react';
import { useT } from '../i18n';

/** The From / To dates of an accountant's report (reconciliation, settlements), with what sits beside them. */
export function ReportPeriod(props: { id: string; from: string; to: string; onFrom: (v: string) => void; onTo: (v: string) => void; children?: ReactNode }) {
  const t = useT();
  return (
    <>
      <div className="op-filters op-dates">
        <FormGroup label={t('recon.from')} labelFor={`${props.id}-from`}>
          <InputGroup id={`${props.id}-from`} type="date" value={props.from} max={props.to || undefined} onChange={(e) => props.onFrom(e.target.value)} />
        </FormGroup>
        <FormGroup label={t('recon.to')} labelFor={`${props.id}-to`}>
          <InputGroup id={`${props.id}-to`} type="date" value={props.to} min={props.from || undefined} onChange={(e) => props.onTo(e.target.value)} />
        </FormGroup>
        {props.children}
      </div>
      {!props.from || !props.to || props.from > props.to ? <Callout intent="warning">{t('recon.badDates')}</Callout> : null}
    </>
  );
}

/** Why a report did not load: no gateway set up, the gateway not answering, or the field the server named. */
export function ReportError(props: { error: unknown }) {
  const t = useT();
  const error = (props.error as { data?: { error?: { code?: string; details?: Record<string, string> } } } | undefined)?.data?.error;
  return (
    <Callout intent="danger" role="alert">
      {error?.code === 'GATEWAY_NOT_SET' ? t('recon.notSetUp') : error?.code === 'GATEWAY_UNAVAILABLE' ? t('pay.unavailable') : (Object.values(error?.details ?? {})[0] ?? t('recon.loadFailed'))}
    </Callout>
  );
}
