import { escapeLike } from '../../database/like';
import { approvedMail, rejectedMail } from './decision-mail';
import type { SchoolEntity } from '../schools';

const school = {
  name: 'Sunrise Academy',
  subdomain: 'sunrise',
  trialEndsAt: new Date('2025-11-03T05:30:00Z'),
} as SchoolEntity;

describe('DECISIONS approval e-mails', () => {
  it.each([
    ['vidyalaya.in', 'https://sunrise.vidyalaya.in'],
    ['localhost:3000', 'http://sunrise.localhost:3000'],
  ])('the approval names the portal (APP_DOMAIN %s → %s) and the trial end', (domain, portal) => {
    const mail = approvedMail(school, domain);
    expect(mail.subject).toBe('Vidyalaya: Sunrise Academy is approved');
    expect(mail.text).toContain(portal);
    expect(mail.text).toContain('03/11/2025');
    expect(mail.html).toContain(portal);
  });

  it('the rejection gives the reason and how to re-submit', () => {
    const mail = rejectedMail(school, 'The address is incomplete');
    expect(mail.text).toContain('The address is incomplete');
    expect(mail.text).toContain('correct the school details and save them');
    expect(mail.html).not.toContain('<script');
  });
});

describe('staff search: LIKE wildcards match themselves', () => {
  it.each([
    ['50%', '50\\%'],
    ['a_b', 'a\\_b'],
    ['back\\slash', 'back\\\\slash'],
    ['plain', 'plain'],
  ])('%s → %s', (input, escaped) => {
    expect(escapeLike(input)).toBe(escaped);
  });
});
