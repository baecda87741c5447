import { Button, Callout, FormGroup, HTMLTable, InputGroup, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type PaymentOrderStatus, type PutGatewayInput } from '@vidyalaya/shared/online-payments';
import { useState } from 'react';
import { Navigate } from 'react-router';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { toastError } from '../../../lib/toast';
import { useSchool } from '../../../lib/workspace/school-context';
import { ReconciliationSection } from '../components/reconciliation-section';
import { SettlementsSection } from '../components/settlements-section';
import { useGatewayQuery, usePaymentOrdersQuery, usePutGatewayMutation } from '../api/online-payments-api';
import { useLanguage, useT, type MessageId } from '../i18n';
import '../components/online-payments.css';

const STATUSES: (PaymentOrderStatus | undefined)[] = [undefined, 'created', 'paid', 'failed'];
const STATUS_INTENT = { created: 'warning', paid: 'success', failed: 'danger' } as const;

/** The admin's gateway settings: the key ID, the secrets (write-only), the test-mode badge, turning it off. */
function GatewaySettingsCard(props: { schoolId: string }) {
  const t = useT();
  const gateway = useGatewayQuery(props.schoolId);
  const [put, putState] = usePutGatewayMutation();
  const [keyId, setKeyId] = useState('');
  const [keySecret, setKeySecret] = useState('');
  const [webhookSecret, setWebhookSecret] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const g = gateway.data;

  async function save(body: PutGatewayInput) {
    setErrors({});
    try {
      await put({ schoolId: props.schoolId, body }).unwrap();
      setKeySecret('');
      setWebhookSecret('');
    } catch (err) {
      const details = (err as { data?: { error?: { details?: Record<string, string> } } })?.data?.error?.details;
      if (details) setErrors(details);
      else toastError(t('gateway.saveFailed'));
    }
  }

  return (
    <section className="op-form" aria-labelledby="op-gateway" data-testid="gateway-settings">
      <h2 id="op-gateway">
        {t('gateway.title')}{' '}
        {g?.testMode ? (
          <Tag intent="warning" data-testid="gateway-test-badge">
            {t('gateway.testMode')}
          </Tag>
        ) : null}
      </h2>
      {g ? <p>{g.provider === 'none' ? t('gateway.off') : t('gateway.on', { keyId: g.keyId ?? '' })}</p> : null}
      <FormGroup label={t('gateway.keyId')} labelFor="op-key-id" intent={errors.keyId ? 'danger' : 'none'} helperText={errors.keyId}>
        <InputGroup id="op-key-id" value={keyId} placeholder={g?.keyId ?? 'rzp_live_…'} onChange={(e) => setKeyId(e.target.value)} autoComplete="off" />
      </FormGroup>
      <FormGroup label={t('gateway.keySecret')} labelFor="op-key-secret" intent={errors.keySecret ? 'danger' : 'none'} helperText={errors.keySecret ?? (g?.keySecretSet ? t('gateway.secretSet') : undefined)}>
        <InputGroup id="op-key-secret" type="password" value={keySecret} onChange={(e) => setKeySecret(e.target.value)} autoComplete="new-password" />
      </FormGroup>
      <FormGroup label={t('gateway.webhookSecret')} labelFor="op-webhook-secret" intent={errors.webhookSecret ? 'danger' : 'none'} helperText={errors.webhookSecret ?? (g?.webhookSecretSet ? t('gateway.secretSet') : undefined)}>
        <InputGroup id="op-webhook-secret" type="password" value={webhookSecret} onChange={(e) => setWebhookSecret(e.target.value)} autoComplete="new-password" />
      </FormGroup>
      <p className="op-muted">{t('gateway.webhookHint', { url: `${window.location.origin}/api/v1/webhooks/razorpay/${props.schoolId}` })}</p>
      <div className="op-filters">
        <Button intent="primary" loading={putState.isLoading} onClick={() => void save({ provider: 'razorpay', keyId: keyId || g?.keyId || '', keySecret, webhookSecret })} text={t('gateway.save')} />
        {g && g.provider !== 'none' ? <Button intent="danger" minimal onClick={() => void save({ provider: 'none' })} text={t('gateway.turnOff')} /> : null}
      </div>
    </section>
  );
}

/**
 * Online payments (/workspace/{schoolId}/payments): the accountant's list of orders (open, paid,
 * failed), the reconciliation with the gateway (fees.manage) and, for the admin, the gateway's settings.
 */
export function Component() {
  const t = useT();
  const language = useLanguage();
  const { schoolId, home } = useSchool();
  const [status, setStatus] = useState<PaymentOrderStatus | undefined>(undefined);
  const canList = roleHas(home.role, 'fees.collect');
  const orders = usePaymentOrdersQuery({ schoolId, status, page: 1 }, { skip: !canList });
  // The gateway's settings name whether it is on; the accountant cannot read them, so for them the
  // report itself says when it is not set up.
  const gateway = useGatewayQuery(schoolId, { skip: !roleHas(home.role, 'payments.gateway') });
  const gatewayOn = !roleHas(home.role, 'payments.gateway') || (gateway.data ? gateway.data.provider !== 'none' : false);
  if (!canList && !roleHas(home.role, 'payments.gateway')) return <Navigate to={`/workspace/${schoolId}`} replace />;
  return (
    <div className="op-page">
      <h1>{t('orders.title')}</h1>
      {roleHas(home.role, 'payments.gateway') ? <GatewaySettingsCard schoolId={schoolId} /> : null}
      {canList ? (
        <section aria-labelledby="op-orders">
          <h2 id="op-orders">{t('orders.list')}</h2>
          <div className="op-filters" role="group" aria-label={t('orders.filter')}>
            {STATUSES.map((s) => (
              <Button key={s ?? 'all'} active={status === s} onClick={() => setStatus(s)} text={t(`orders.status.${s ?? 'all'}` as MessageId)} />
            ))}
          </div>
          {orders.isFetching ? <Spinner size={20} /> : null}
          {orders.isError ? <Callout intent="danger">{t('orders.loadFailed')}</Callout> : null}
          {orders.data && orders.data.items.length === 0 ? <p>{t('orders.empty')}</p> : null}
          {orders.data && orders.data.items.length > 0 ? (
            <div className="op-table-wrap">
              <HTMLTable compact striped data-testid="orders-table">
                <thead>
                  <tr>
                    <th>{t('orders.date')}</th>
                    <th>{t('orders.student')}</th>
                    <th>{t('orders.amount')}</th>
                    <th>{t('orders.statusCol')}</th>
                    <th>{t('orders.receipt')}</th>
                  </tr>
                </thead>
                <tbody>
                  {orders.data.items.map((o) => (
                    <tr key={o.id}>
                      <td>{formatDate(o.createdAt.slice(0, 10))}</td>
                      <td>{o.studentName}</td>
                      <td>{formatMoney(o.amountPaise, language)}</td>
                      <td>
                        <Tag intent={STATUS_INTENT[o.status]}>{t(`orders.status.${o.status}` as MessageId)}</Tag>
                      </td>
                      <td>{o.receiptNumber ?? '—'}{o.advancePaise > 0 ? ` (${t('orders.advance', { amount: formatMoney(o.advancePaise, language) })})` : ''}</td>
                    </tr>
                  ))}
                </tbody>
              </HTMLTable>
            </div>
          ) : null}
        </section>
      ) : null}
      {roleHas(home.role, 'fees.manage') && gatewayOn ? <ReconciliationSection schoolId={schoolId} /> : null}
      {roleHas(home.role, 'fees.manage') && gatewayOn ? <SettlementsSection schoolId={schoolId} /> : null}
    </div>
  );
}
