import { Tag, type Intent } from '@blueprintjs/core';
import { approvalBadgeLabel, approvalStatusOf, formatLevel, ONBOARDING_TEXT, waitingSince, type ApprovalStatus } from '@vidyalaya/shared';

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

/** A pending school's wait against the 24-48 hour promise (issue 20): fine, due, or overdue. */
export function WaitingTag(props: { school: Parameters<typeof approvalStatusOf>[0] & { submittedAt?: string; createdAt: string } }) {
  if (approvalStatusOf(props.school) !== 'pending') return null;
  const waited = waitingSince(props.school.submittedAt ?? props.school.createdAt);
  const intent: Intent = waited.state === 'overdue' ? 'danger' : waited.state === 'due' ? 'warning' : 'none';
  return (
    <Tag intent={intent} minimal icon="time" data-waiting={waited.state}>
      {ONBOARDING_TEXT.staff.waited} {waited.text}
    </Tag>
  );
}

/** 'higher_secondary' → 'Higher secondary' (a label, never the code). */
export function levelLabel(level: string | null | undefined): string {
  const text = formatLevel(level);
  return text.charAt(0).toUpperCase() + text.slice(1);
}
