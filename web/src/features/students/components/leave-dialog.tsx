import { Button, Callout, Dialog, DialogBody, DialogFooter, InputGroup, TextArea } from '@blueprintjs/core';
import { parseImportDate, type Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { formatDate, todayInIST } from '../../../lib/i18n/format';
import { toast } from '../../../lib/toast';
import { useUpdateStudentMutation } from '../api/students-api';
import { translateMessage, useT } from '../i18n';

/** Leaving (DECISIONS: PATCH {status:'left', leftOn, leavingReason}): the date and the reason, both required. */
export function LeaveDialog(props: { schoolId: string; student: Student; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const [date, setDate] = useState(formatDate(todayInIST()));
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [update, updating] = useUpdateStudentMutation();

  async function submit() {
    setError(null);
    const leftOn = parseImportDate(date);
    if (!leftOn) return setError(t('students.leave.dateInvalid'));
    if (!reason.trim()) return setError(t('students.validation.leavingReasonRequired'));
    try {
      await update({ schoolId: props.schoolId, studentId: props.student.id, body: { status: 'left', leftOn, leavingReason: reason.trim() } }).unwrap();
      toast({ title: t('students.leave.done', { name: props.student.name }) });
      props.onClose();
    } catch (e) {
      const err = asApiError(e);
      setError(translateMessage(t, Object.values(err.details ?? {})[0] ?? err.message));
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('students.leave.title', { name: props.student.name })} className="st-dialog">
      <DialogBody>
        <div className="st-dialog-body">
          <label>
            {t('students.leave.date')}
            <InputGroup value={date} onChange={(e) => setDate(e.target.value)} placeholder="DD/MM/YYYY" inputMode="numeric" maxLength={10} size="large" />
          </label>
          <label>
            {t('students.leave.reason')}
            <TextArea value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} rows={3} fill />
          </label>
          {error ? (
            <Callout intent="danger" role="alert">
              {error}
            </Callout>
          ) : null}
        </div>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button className="st-touch" text={t('students.cancel')} onClick={props.onClose} />
            <Button className="st-touch" intent="danger" text={t('students.leave.confirm')} loading={updating.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
