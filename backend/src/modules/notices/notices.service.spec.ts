import { isPdf, toNotice } from './notices.service';
import type { NoticeRow } from './notices.repository';

describe('notices: rules without a database', () => {
  it('a PDF is known by its first bytes, whatever its name says', () => {
    expect(isPdf(Buffer.from('%PDF-1.7\n…'))).toBe(true);
    expect(isPdf(Buffer.from('<html>%PDF-'))).toBe(false);
    expect(isPdf(Buffer.from('%PD'))).toBe(false);
  });

  it('a draft has no publication date; delivery figures only when the row carries them', () => {
    const row: NoticeRow = {
      id: 'n1',
      title: 'Holiday',
      body: 'Closed on Monday',
      audience: 'classes',
      class_ids: ['c1'],
      section_ids: [],
      target_names: ['Class 5'],
      send_email: true,
      attachment_name: null,
      attachment_bytes: null,
      published_at: null,
      created_by: 'u1',
      created_at: new Date('2026-11-24T10:00:00Z'),
      read_at: null,
    };
    const names = new Map([['u1', 'Office']]);
    expect(toNotice(row, names)).toMatchObject({ status: 'draft', publishedAt: null, attachment: null, targetNames: ['Class 5'], createdByName: 'Office' });
    expect(toNotice(row, names).delivery).toBeUndefined();
    const published = toNotice({ ...row, published_at: new Date('2026-11-24T11:00:00Z'), recipients: 3, read_count: 1, emailed: 2, email_failed: 1, email_pending: 0, attachment_name: 'a.pdf', attachment_bytes: 9 }, names);
    expect(published).toMatchObject({ status: 'published', publishedAt: '2026-11-24T11:00:00.000Z', attachment: { name: 'a.pdf', bytes: 9 } });
    expect(published.delivery).toEqual({ recipients: 3, read: 1, emailed: 2, emailFailed: 1, emailPending: 0 });
  });
});
