import { Tag, type Intent } from '@blueprintjs/core';
import { approvalBadgeLabel, approvalStatusOf, type ApprovalStatus } from '@vidyalaya/shared';

const INTENT: Record<ApprovalStatus, Intent> = { approved: 'success', pending: 'warning', rejected: 'danger' };

/** A school's approval state as a tag (spec §4: isActive shows Approved; unknown reads as pending). */
export function StatusTag(props: { school: Parameters<typeof approvalStatusOf>[0] }) {
  const status = approvalStatusOf(props.school);
  return (
    <Tag intent={INTENT[status]} minimal round data-status={status}>
      {approvalBadgeLabel(status)}
    </Tag>
  );
}
