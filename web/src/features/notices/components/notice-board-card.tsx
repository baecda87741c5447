import { Button, Callout, Card, Tag } from '@blueprintjs/core';
import type { Notice } from '@vidyalaya/shared/notices';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatDate } from '../../../lib/i18n/format';
import { downloadAttachment, noticesApi } from '../api/notices-api';
import { useT } from '../i18n';
import './notices.css';

/** How many of the newest notices the home page shows. */
const LATEST = 5;

function Item(props: { schoolId: string; notice: Notice }) {
  const t = useT();
  const { notice: n, schoolId } = props;
  const [open, setOpen] = useState(false);
  const [markRead] = noticesApi.useMarkNoticeReadMutation();
  const unread = !n.readAt;
  // One tap opens the notice and records that the caller read it.
  const toggle = () => {
    setOpen(!open);
    if (!open && unread) void markRead({ schoolId, noticeId: n.id });
  };
  return (
    <li className={`nt-home-item${unread ? ' nt-unread' : ''}`} data-testid="home-notice" data-unread={unread}>
      <button type="button" className="nt-head" onClick={toggle} aria-expanded={open}>
        <span className="nt-title">{n.title}</span>
        <span className="nt-meta">
          <span>{formatDate(n.publishedAt)}</span>
          {unread ? <Tag intent="primary">{t('notices.new')}</Tag> : null}
        </span>
      </button>
      {open ? (
        <div className="nt-body">
          {n.body.split(/\n{2,}/).map((p, i) => (
            <p key={i}>{p}</p>
          ))}
          {n.attachment ? (
            <Button icon="document" minimal className="nt-touch" onClick={() => void downloadAttachment(schoolId, n.id, n.attachment!.name)}>
              {t('notices.attachment', { name: n.attachment.name })}
            </Button>
          ) : null}
        </div>
      ) : null}
    </li>
  );
}

/**
 * The notice board's card on every role's home page (a home-card slot): the newest notices meant
 * for the caller, the unread ones marked; a tap opens one and records the read.
 */
export default function NoticeBoardCard(props: { schoolId: string }) {
  const t = useT();
  const { schoolId } = props;
  const q = noticesApi.useNoticesQuery({ schoolId, pageSize: LATEST });
  // The office's list holds its drafts too; the home page shows what has gone out.
  const items = (q.data?.items ?? []).filter((n) => n.status === 'published');
  const unread = q.data?.unread ?? 0;
  return (
    <Card className="nt-home" data-testid="notices-home-card">
      <h2>
        {t('notices.home.title')}
        {unread > 0 ? (
          <Tag round intent="primary" data-testid="notices-home-unread">
            {t('notices.unread', { count: unread })}
          </Tag>
        ) : null}
      </h2>
      {q.isError ? <Callout intent="danger">{t('notices.loadFailed')}</Callout> : null}
      {q.data && items.length === 0 ? <p className="nt-muted">{t('notices.home.none')}</p> : null}
      {items.length > 0 ? (
        <ul className="nt-home-list">
          {items.map((n) => (
            <Item key={n.id} schoolId={schoolId} notice={n} />
          ))}
        </ul>
      ) : null}
      <Link className="nt-link" to={`/workspace/${schoolId}/notices`}>
        {t('notices.home.all')}
      </Link>
    </Card>
  );
}
