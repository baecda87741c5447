import { Button, Callout, Dialog, DialogBody, DialogFooter, HTMLSelect, InputGroup } from '@blueprintjs/core';
import type { Student } from '@vidyalaya/shared/students';
import { useState } from 'react';
import { asApiError } from '../../../lib/api/errors';
import { toast } from '../../../lib/toast';
import { useReadmitStudentMutation, useSectionsQuery } from '../api/students-api';
import { translateMessage, useT } from '../i18n';

/**
 * Re-admission (POST …/students/{id}/readmit {sectionId, rollNumber?}): a child who left or passed
 * out comes back as the same record, keeping the admission number and every year's history, into a
 * section of the current year.
 */
export function ReadmitDialog(props: { schoolId: string; student: Student; isOpen: boolean; onClose: () => void }) {
  const t = useT();
  const sections = useSectionsQuery(props.schoolId, { skip: !props.isOpen });
  const [sectionId, setSectionId] = useState('');
  const [roll, setRoll] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [readmit, readmitting] = useReadmitStudentMutation();

  async function submit() {
    setError(null);
    if (!sectionId) return setError(t('students.readmit.sectionRequired'));
    const rollNumber = roll.trim() ? Number(roll.trim()) : null;
    if (rollNumber !== null && (!Number.isInteger(rollNumber) || rollNumber < 1 || rollNumber > 9999)) return setError(t('students.readmit.rollInvalid'));
    try {
      await readmit({ schoolId: props.schoolId, studentId: props.student.id, body: { sectionId, rollNumber } }).unwrap();
      toast({ title: t('students.readmit.done', { name: props.student.name, number: props.student.admissionNumber }) });
      props.onClose();
    } catch (e) {
      const err = asApiError(e);
      setError(err.code === 'STUDENT_LIMIT_REACHED' ? t('students.limitReached') : translateMessage(t, Object.values(err.details ?? {})[0] ?? err.message));
    }
  }

  return (
    <Dialog isOpen={props.isOpen} onClose={props.onClose} title={t('students.readmit.title', { name: props.student.name })} className="st-dialog">
      <DialogBody>
        <div className="st-dialog-body">
          <p>{t('students.readmit.keeps', { number: props.student.admissionNumber })}</p>
          <label>
            {t('students.readmit.section')}
            <HTMLSelect value={sectionId} onChange={(e) => setSectionId(e.target.value)} fill large>
              <option value="">{t('students.readmit.choose')}</option>
              {(sections.data?.items ?? []).map((x) => (
                <option key={x.sectionId} value={x.sectionId}>
                  {`${x.className} ${x.sectionName} (${x.academicYear})`}
                </option>
              ))}
            </HTMLSelect>
          </label>
          <label>
            {t('students.readmit.roll')}
            <InputGroup value={roll} onChange={(e) => setRoll(e.target.value)} inputMode="numeric" maxLength={4} size="large" />
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
            <Button className="st-touch" intent="primary" text={t('students.readmit.confirm')} loading={readmitting.isLoading} onClick={() => void submit()} />
          </>
        }
      />
    </Dialog>
  );
}
