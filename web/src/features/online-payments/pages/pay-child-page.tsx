import { Callout, Spinner } from '@blueprintjs/core';
import { useParams } from 'react-router';
import { useSchool } from '../../../lib/workspace/school-context';
import { useChildDuesQuery, useConfirmOrderMutation, useOpenOrderMutation } from '../api/online-payments-api';
import { PayPanel } from '../components/pay-panel';
import { useT } from '../i18n';
import '../components/online-payments.css';

/**
 * "Pay online" for a signed-in guardian (/workspace/{schoolId}/my-children/{studentId}/pay): their
 * child's dues, the instalments to pay with the breakdown, and Checkout. The server refuses another
 * family's child (404), so this page shows only what the guardian may see.
 */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const { studentId = '' } = useParams();
  const dues = useChildDuesQuery({ schoolId, studentId }, { skip: !studentId });
  const [open] = useOpenOrderMutation();
  const [confirm] = useConfirmOrderMutation();
  const d = dues.data;
  return (
    <div className="op-page">
      <h1>{t('pay.title')}</h1>
      {dues.isLoading ? <Spinner size={24} /> : null}
      {dues.isError ? <Callout intent="danger">{t('pay.loadFailed')}</Callout> : null}
      {d ? (
        <>
          <p className="op-strong">{d.className ? t('pay.forChildClass', { name: d.studentName, className: d.className }) : t('pay.forChild', { name: d.studentName })}</p>
          <PayPanel
            schoolName={home.school.name}
            studentName={d.studentName}
            asOf={d.asOf}
            instalments={d.instalments}
            testMode={false}
            open={async (instalmentIds) => (await open({ schoolId, studentId, instalmentIds }).unwrap()).order}
            confirm={(order, body) => confirm({ schoolId, orderId: order.id, body }).unwrap()}
          />
        </>
      ) : null}
    </div>
  );
}
