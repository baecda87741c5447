import { Button, Dialog, DialogBody, DialogFooter, FormGroup, Tag, TextArea } from '@blueprintjs/core';
import type { Receipt } from '@vidyalaya/shared/fees';
import { useState, type FormEvent } from 'react';
import { formatDate, formatMoney } from '../../../lib/i18n/format';
import { toast, toastError } from '../../../lib/toast';
import { fileUrl, receiptPdfPath, useCancelReceiptMutation } from '../api/fees-api';
import { useLanguage, useT, type MessageId } from '../i18n';

/** Opens a receipt's PDF in a new tab (the call carries the sign-in, so it goes through a blob). */
export async function openReceipt(schoolId: string, receiptId: string, lang: 'en' | 'hi' = 'en') {
  const url = await fileUrl(receiptPdfPath(schoolId, receiptId, lang));
  window.open(url, '_blank', 'noopener');
}

/** Saves a receipt's PDF as a file. */
async function downloadReceipt(schoolId: string, receipt: Receipt, lang: 'en' | 'hi') {
  const url = await fileUrl(receiptPdfPath(schoolId, receipt.id, lang));
  const a = document.createElement('a');
  a.href = url;
  a.download = `receipt-${receipt.number.replace(/\//g, '-')}.pdf`;
  document.body.appendChild(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/**
 * A student's receipts: number, date, amount, mode; a cancelled one keeps its number and shows the
 * reason. Each can be reprinted (the server marks a second print DUPLICATE) or downloaded; with
 * `canCancel` (admin, accountant) an active one can be cancelled, with a reason.
 */
export function ReceiptsList(props: { schoolId: string; receipts: readonly Receipt[]; canCancel: boolean }) {
  const t = useT();
  const language = useLanguage();
  const [cancelling, setCancelling] = useState<Receipt | null>(null);
  const money = (p: number) => formatMoney(p, language);
  const failed = () => toastError(t('fees.receipts.pdfFailed'));
  if (props.receipts.length === 0) return <p>{t('fees.counter.noReceipts')}</p>;
  return (
    <>
      <ul className="fees-receipts">
        {props.receipts.map((r) => (
          <li key={r.id} className="fees-receipt" data-testid={`receipt-${r.number}`}>
            <div>
              <strong>{r.number}</strong> · {formatDate(r.paidOn)} · {money(r.amount)} · {t(`fees.mode.${r.mode}` as MessageId)}{' '}
              {r.status === 'cancelled' ? (
                <Tag intent="danger" minimal>
                  {t('fees.counter.cancelled')}
                </Tag>
              ) : null}
              {r.status === 'cancelled' && r.cancelReason ? <div className="fees-muted">{t('fees.receipts.cancelledBecause', { reason: r.cancelReason })}</div> : null}
            </div>
            <div className="fees-actions">
              <Button icon="print" text={t('fees.receipts.reprint')} aria-label={`${t('fees.receipts.reprint')} ${r.number}`} onClick={() => void openReceipt(props.schoolId, r.id, language).catch(failed)} />
              <Button icon="download" text={t('fees.receipts.download')} aria-label={`${t('fees.receipts.download')} ${r.number}`} onClick={() => void downloadReceipt(props.schoolId, r, language).catch(failed)} />
              {props.canCancel && r.status === 'active' ? (
                <Button icon="disable" intent="danger" variant="outlined" text={t('fees.receipts.cancel')} aria-label={`${t('fees.receipts.cancel')} ${r.number}`} onClick={() => setCancelling(r)} />
              ) : null}
            </div>
          </li>
        ))}
      </ul>
      {cancelling ? <CancelDialog schoolId={props.schoolId} receipt={cancelling} onClose={() => setCancelling(null)} /> : null}
    </>
  );
}

function CancelDialog(props: { schoolId: string; receipt: Receipt; onClose: () => void }) {
  const t = useT();
  const language = useLanguage();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [cancel, cancelState] = useCancelReceiptMutation();
  const r = props.receipt;

  async function onSubmit(e: FormEvent) {
    e.preventDefault();
    const text = reason.trim();
    if (!text || text.length > 200) {
      setError(t('fees.receipts.reasonRequired'));
      return;
    }
    setError(null);
    try {
      await cancel({ schoolId: props.schoolId, receiptId: r.id, reason: text }).unwrap();
      toast({ title: t('fees.receipts.cancelled', { number: r.number }), intent: 'success' });
      props.onClose();
    } catch (err) {
      const x = err as { message?: string; details?: Record<string, string> };
      toastError(t('fees.receipts.cancelFailed'), Object.values(x.details ?? {})[0] ?? x.message);
    }
  }

  return (
    <Dialog isOpen onClose={props.onClose} title={t('fees.receipts.cancelTitle', { number: r.number })} className="fees-dialog">
      <form onSubmit={onSubmit} noValidate>
        <DialogBody>
          <p>{t('fees.receipts.cancelText', { number: r.number, amount: formatMoney(r.amount, language) })}</p>
          <FormGroup label={t('fees.receipts.reason')} labelFor="fees-cancel-reason" intent={error ? 'danger' : 'none'} helperText={error ?? undefined}>
            <TextArea id="fees-cancel-reason" fill maxLength={200} value={reason} intent={error ? 'danger' : 'none'} onChange={(e) => setReason(e.target.value)} />
          </FormGroup>
        </DialogBody>
        <DialogFooter
          actions={
            <>
              <Button text={t('fees.receipts.keep')} onClick={props.onClose} />
              <Button type="submit" intent="danger" loading={cancelState.isLoading} text={t('fees.receipts.confirmCancel')} />
            </>
          }
        />
      </form>
    </Dialog>
  );
}
