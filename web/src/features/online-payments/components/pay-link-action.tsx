import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup } from '@blueprintjs/core';
import type { PayLinkResult } from '@vidyalaya/shared/online-payments';
import type { Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { onlinePaymentsApi } from '../api/online-payments-api';
import { useT } from '../i18n';
import './online-payments.css';

/** The guardian's phone for WhatsApp: Indian 10-digit numbers get the country code 91. */
function whatsappNumber(phone: string | null | undefined): string | null {
  const digits = (phone ?? '').replace(/\D/g, '');
  if (digits.length === 10) return `91${digits}`;
  if (digits.length === 12 && digits.startsWith('91')) return digits;
  return null;
}

/** WhatsApp's documented share address: wa.me/{number}?text=… (without a number, the sender picks the chat). */
export function whatsappShareUrl(text: string, phone?: string | null): string {
  const number = whatsappNumber(phone);
  return `https://wa.me/${number ?? ''}?text=${encodeURIComponent(text)}`;
}

/**
 * "Pay link" on the student's record (a student-action slot, permission payments.links): the office
 * makes a signed link (valid 7 days) that opens this child's dues and the online payment without
 * signing in, and copies it or shares it on WhatsApp with the first guardian's phone.
 */
export default function PayLinkAction(props: { schoolId: string; student: Student }) {
  const t = useT();
  const { schoolId, student } = props;
  const [open, setOpen] = useState(false);
  const [result, setResult] = useState<PayLinkResult['link'] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [copied, setCopied] = useState(false);
  const [make, making] = onlinePaymentsApi.usePayLinkMutation();
  const guardianPhone = student.guardians.find((g) => g.phone)?.phone ?? null;

  const start = async () => {
    setOpen(true);
    setError(null);
    setCopied(false);
    setResult(null);
    try {
      setResult((await make({ schoolId, studentId: student.id }).unwrap()).link);
    } catch (e) {
      setError(asApiError(e).serverMessage ?? t('link.makeFailed'));
    }
  };
  const copy = async () => {
    if (!result) return;
    try {
      await navigator.clipboard.writeText(result.url);
      setCopied(true);
    } catch {
      (document.getElementById('op-pay-link-url') as HTMLInputElement | null)?.select();
    }
  };
  const message = result ? t('link.shareText', { name: student.name, url: result.url, date: formatDate(result.expiresAt) }) : '';
  return (
    <>
      <Button className="op-touch" icon="link" text={t('link.action')} onClick={() => void start()} data-testid="pay-link-action" />
      <Dialog isOpen={open} onClose={() => setOpen(false)} title={t('link.title', { name: student.name })} className="op-dialog">
        <DialogBody>
          <p className="op-muted">{t('link.intro')}</p>
          {making.isLoading ? <p>{t('link.making')}</p> : null}
          {result ? (
            <div className="op-link" data-testid="pay-link-result">
              <label htmlFor="op-pay-link-url">{t('link.url')}</label>
              <InputGroup id="op-pay-link-url" readOnly value={result.url} onFocus={(e) => e.currentTarget.select()} data-testid="pay-link-url" />
              <p className="op-muted">{t('link.validUntil', { date: formatDate(result.expiresAt) })}</p>
              <div className="op-link-actions">
                <Button className="op-touch" icon={copied ? 'tick' : 'duplicate'} text={copied ? t('link.copied') : t('link.copy')} onClick={() => void copy()} />
                <a className="bp6-button op-touch" href={whatsappShareUrl(message, guardianPhone)} target="_blank" rel="noopener noreferrer" data-testid="pay-link-whatsapp">
                  {t('link.whatsapp')}
                </a>
              </div>
            </div>
          ) : null}
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </DialogBody>
        <DialogFooter actions={<Button className="op-touch" intent="primary" text={t('link.done')} onClick={() => setOpen(false)} />} />
      </Dialog>
    </>
  );
}
