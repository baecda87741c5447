import { Button, Callout, Card, Checkbox, FileInput, FormGroup, HTMLSelect, InputGroup, Tag, TextArea } from '@blueprintjs/core';
import { NOTICE_AUDIENCES, type Notice, type NoticeAudience } from '@vidyalaya/shared/notices';
import { type SchoolTimetableResult } from '@vidyalaya/shared/timetable';
import { useMemo, useState } from 'react';
import { api } from '../../../lib/api/api';
import { asApiError } from '../../../lib/api/errors';
import { formatDate } from '../../../lib/i18n/format';
import { EmptyState } from '../../../lib/ui/empty-state';
import { useSchool } from '../../../lib/workspace/school-context';
import { downloadAttachment, noticesApi } from '../api/notices-api';
import { useT, type MessageId } from '../i18n';
import '../components/notices.css';

/** The sections of the school's year, for targeting a notice (the school timetable's list). */
const sectionsApi = api.injectEndpoints({
  endpoints: (b) => ({
    noticeSections: b.query<SchoolTimetableResult, { schoolId: string }>({
      query: ({ schoolId }) => ({ url: `/schools/${encodeURIComponent(schoolId)}/timetable` }),
    }),
  }),
});

function NoticeCard(props: { notice: Notice; schoolId: string; manager: boolean }) {
  const t = useT();
  const { notice: n, schoolId } = props;
  const [open, setOpen] = useState(false);
  const [markRead] = noticesApi.useMarkNoticeReadMutation();
  const [publish, publishing] = noticesApi.usePublishNoticeMutation();
  const toggle = () => {
    setOpen(!open);
    if (!open && n.status === 'published' && !n.readAt) void markRead({ schoolId, noticeId: n.id });
  };
  return (
    <Card className={`nt-card${n.readAt || n.status === 'draft' ? '' : ' nt-unread'}`} data-testid="notice">
      <button type="button" className="nt-head" onClick={toggle} aria-expanded={open}>
        <span className="nt-title">{n.title}</span>
        <span className="nt-meta">
          {n.status === 'draft' ? <Tag intent="warning">{t('notices.draft')}</Tag> : <span>{formatDate(n.publishedAt)}</span>}
          {n.status === 'published' && !n.readAt ? <Tag intent="primary">{t('notices.new')}</Tag> : null}
          <Tag minimal>{n.targetNames.length > 0 ? n.targetNames.join(', ') : t(`notices.audience.${n.audience}` as MessageId)}</Tag>
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
          {n.readAt ? <p className="nt-muted">{t('notices.readOn', { date: formatDate(n.readAt) })}</p> : null}
          {props.manager && n.delivery ? (
            <p className="nt-muted">
              {t('notices.delivery', { recipients: n.delivery.recipients, read: n.delivery.read, emailed: n.delivery.emailed, failed: n.delivery.emailFailed })}
            </p>
          ) : null}
          {props.manager && n.status === 'draft' ? (
            <Button intent="primary" className="nt-touch" loading={publishing.isLoading} onClick={() => void publish({ schoolId, noticeId: n.id })}>
              {t('notices.publish')}
            </Button>
          ) : null}
        </div>
      ) : null}
    </Card>
  );
}

function Compose(props: { schoolId: string; onDone: () => void }) {
  const t = useT();
  const { schoolId } = props;
  const [title, setTitle] = useState('');
  const [body, setBody] = useState('');
  const [audience, setAudience] = useState<NoticeAudience>('school');
  const [chosen, setChosen] = useState<string[]>([]);
  const [file, setFile] = useState<File | null>(null);
  const [sendEmail, setSendEmail] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [create, creating] = noticesApi.useCreateNoticeMutation();
  const [attach] = noticesApi.useAttachNoticeMutation();
  const [publish] = noticesApi.usePublishNoticeMutation();
  const sections = sectionsApi.useNoticeSectionsQuery({ schoolId }, { skip: audience !== 'classes' && audience !== 'sections' });
  const options = useMemo(() => {
    const list = sections.data?.sections.map((s) => s.section) ?? [];
    if (audience === 'classes') return [...new Map(list.map((s) => [s.classId, { id: s.classId, label: s.className }])).values()];
    return list.map((s) => ({ id: s.id, label: `${s.className} ${s.name}` }));
  }, [sections.data, audience]);

  const submit = async (e: React.FormEvent) => {
    e.preventDefault();
    setError(null);
    try {
      const { notice } = await create({
        schoolId,
        body: {
          title,
          body,
          audience,
          sendEmail,
          ...(audience === 'classes' ? { classIds: chosen } : {}),
          ...(audience === 'sections' ? { sectionIds: chosen } : {}),
          publish: !file,
        },
      }).unwrap();
      if (file) {
        await attach({ schoolId, noticeId: notice.id, file }).unwrap();
        await publish({ schoolId, noticeId: notice.id }).unwrap();
      }
      props.onDone();
    } catch (err) {
      const e2 = asApiError(err);
      setError(e2.details ? Object.values(e2.details).join(' ') : (e2.serverMessage ?? t('notices.failed')));
    }
  };

  return (
    <Card className="nt-compose">
      <form onSubmit={(e) => void submit(e)}>
        <h2>{t('notices.composeTitle')}</h2>
        <FormGroup label={t('notices.title')} labelFor="nt-title">
          <InputGroup id="nt-title" value={title} onChange={(e) => setTitle(e.target.value)} maxLength={150} large />
        </FormGroup>
        <FormGroup label={t('notices.body')} labelFor="nt-body">
          <TextArea id="nt-body" value={body} onChange={(e) => setBody(e.target.value)} fill rows={6} maxLength={5000} />
        </FormGroup>
        <FormGroup label={t('notices.audienceLabel')} labelFor="nt-audience">
          <HTMLSelect
            id="nt-audience"
            large
            fill
            value={audience}
            onChange={(e) => {
              setAudience(e.target.value as NoticeAudience);
              setChosen([]);
            }}
            options={NOTICE_AUDIENCES.map((a) => ({ value: a, label: t(`notices.audience.${a}` as MessageId) }))}
          />
        </FormGroup>
        {audience === 'classes' || audience === 'sections' ? (
          <fieldset className="nt-targets">
            <legend>{audience === 'classes' ? t('notices.chooseClasses') : t('notices.chooseSections')}</legend>
            {options.map((o) => (
              <Checkbox
                key={o.id}
                large
                label={o.label}
                checked={chosen.includes(o.id)}
                onChange={() => setChosen(chosen.includes(o.id) ? chosen.filter((x) => x !== o.id) : [...chosen, o.id])}
              />
            ))}
          </fieldset>
        ) : null}
        <FormGroup label={t('notices.pdf')} labelFor="nt-file" helperText={t('notices.pdfHelp')}>
          <FileInput
            id="nt-file"
            fill
            large
            text={file?.name ?? t('notices.choosePdf')}
            buttonText={t('notices.browse')}
            inputProps={{ accept: 'application/pdf' }}
            onInputChange={(e) => setFile((e.target as HTMLInputElement).files?.[0] ?? null)}
          />
        </FormGroup>
        <Checkbox large checked={sendEmail} label={t('notices.sendEmail')} onChange={() => setSendEmail(!sendEmail)} />
        {error ? (
          <Callout intent="danger" role="alert">
            {error}
          </Callout>
        ) : null}
        <div className="nt-actions">
          <Button type="submit" intent="primary" large loading={creating.isLoading}>
            {t('notices.send')}
          </Button>
          <Button large minimal onClick={props.onDone}>
            {t('notices.cancel')}
          </Button>
        </div>
      </form>
    </Card>
  );
}

/** The notice board: every role reads what is meant for it; the office and admins write. */
export function Component() {
  const t = useT();
  const { schoolId, home } = useSchool();
  const manager = home.permissions.includes('notices.manage');
  const [composing, setComposing] = useState(false);
  const list = noticesApi.useNoticesQuery({ schoolId, pageSize: 50 });
  return (
    <section className="nt-page">
      <div className="nt-top">
        <h1>
          {t('notices.heading')}
          {list.data && list.data.unread > 0 ? (
            <Tag round intent="primary" className="nt-count">
              {t('notices.unread', { count: list.data.unread })}
            </Tag>
          ) : null}
        </h1>
        {manager && !composing ? (
          <Button icon="edit" intent="primary" large onClick={() => setComposing(true)}>
            {t('notices.write')}
          </Button>
        ) : null}
      </div>
      {composing ? <Compose schoolId={schoolId} onDone={() => setComposing(false)} /> : null}
      {list.isError ? <Callout intent="danger">{t('notices.loadFailed')}</Callout> : null}
      {list.data && list.data.items.length === 0 ? <EmptyState icon="notifications" title={t('notices.emptyTitle')} description={t('notices.emptyText')} headingLevel={2} /> : null}
      <div className="nt-list">
        {list.data?.items.map((n) => (
          <NoticeCard key={n.id} notice={n} schoolId={schoolId} manager={manager} />
        ))}
      </div>
    </section>
  );
}
