import { Callout, Spinner, Tag } from '@blueprintjs/core';
import { roleHas } from '@vidyalaya/shared';
import { type Student } from '@vidyalaya/shared/students';
import { Link } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { useStudentFeesQuery, useStudentReceiptsQuery } from '../api/fees-api';
import { useT } from '../i18n';
import { Concessions } from './concessions';
import { DuesTable } from './dues-table';
import { ReceiptsList } from './receipts-list';
import './fees.css';

/**
 * The "Fees" tab of a student's profile (a slot: features/fees/slots.tsx): the dues per instalment,
 * the concessions and the receipts (reprint, download). Admin and accountant also get the counter
 * for this student, adding and removing concessions, and cancelling a receipt; a guardian sees their
 * own child's dues and receipts (the server scopes every call).
 */
export function StudentFeesPanel(props: { schoolId: string; student: Student }) {
  const t = useT();
  const { home } = useSchool();
  const { schoolId, student } = props;
  const canCollect = roleHas(home.role, 'fees.collect');
  const canManage = roleHas(home.role, 'fees.manage');
  const fees = useStudentFeesQuery({ schoolId, studentId: student.id });
  const receipts = useStudentReceiptsQuery({ schoolId, studentId: student.id });

  if (fees.isLoading) return <Spinner size={24} aria-label={t('fees.loading')} />;
  if (fees.isError || !fees.data) return <Callout intent="danger">{t('fees.loadFailed')}</Callout>;
  const f = fees.data;
  return (
    <div className="fees-student-tab" data-testid="student-fees">
      <section className="fees-section" aria-labelledby="fees-tab-dues">
        <h2 id="fees-tab-dues">
          {t('fees.profile.dues')} {f.academicYear ? <Tag minimal>{f.academicYear}</Tag> : null} {f.rte ? <Tag intent="success">{t('fees.counter.rte')}</Tag> : null}
        </h2>
        {f.structureId ? <DuesTable fees={f} narrow="scroll" /> : <Callout intent="warning">{t('fees.profile.noStructure')}</Callout>}
        {canCollect && f.structureId ? (
          <div className="fees-actions">
            <Link className="bp6-button bp6-intent-primary fees-link-button" to={`/workspace/${schoolId}/fees?student=${encodeURIComponent(student.id)}`}>
              {t('fees.profile.takePayment')}
            </Link>
          </div>
        ) : null}
      </section>
      <Concessions schoolId={schoolId} fees={f} canManage={canManage} />
      <section className="fees-section" aria-labelledby="fees-tab-receipts">
        <h2 id="fees-tab-receipts">{t('fees.counter.receipts')}</h2>
        {receipts.isLoading ? <Spinner size={20} /> : <ReceiptsList schoolId={schoolId} receipts={receipts.data?.items ?? []} canCancel={canManage} />}
      </section>
    </div>
  );
}

/** The tab's default export for React.lazy. */
export default StudentFeesPanel;
