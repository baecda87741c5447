import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import {
  API,
  approveSchool,
  createClassesApi,
  createSchoolApi,
  createSectionsApi,
  defaultAcademicYear,
  loginApi,
  signInWithTokens,
  staffToken,
  verifiedUser,
} from '../app/support/api';
import { mailDir } from '../app/support/mail';

/**
 * Issue 8: no stored script runs in any page. A real administrator (registered and verified with
 * the code from the e-mail) saves a school whose every free-text field holds script or HTML, staff
 * approve it, and a contact message carries the same; then every page that shows that text — the
 * dashboard, the sections step, the school's own portal on {subdomain}.localhost, and the HTML
 * e-mails that repeat it — is opened in Chromium. No dialog opens, no injected element or handler
 * exists, no Content-Security-Policy violation is reported (which would mean markup got as far as
 * the DOM), and the text is shown literally.
 */
const P = {
  name: `<img src=x onerror="window.__xss='name';alert('name')">Vidya <script>window.__xss='script';alert(1)</script> Mandir`,
  board: `<svg onload="window.__xss='board';alert('board')">CBSE`,
  city: `"><script>alert('city')</script>`,
  state: `<iframe src="javascript:alert('state')"></iframe>`,
  address1: `<a href="javascript:alert('a')">12 Mall Road</a>`,
  locality: `' OR 1=1 -- <b onmouseover=alert(1)>`,
  section: `<b onclick=alert(1)>`,
  message: `<script>alert('contact')</script><img src=x onerror=alert('contact')> Hello`,
};

interface Watch {
  dialogs: string[];
  cspViolations: string[];
}

function watch(page: Page): Watch {
  const w: Watch = { dialogs: [], cspViolations: [] };
  page.on('dialog', (d) => {
    w.dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to (execute|load|frame)/i.test(m.text())) w.cspViolations.push(m.text());
  });
  return w;
}

/** Nothing injected: no flag set by a payload, no element or inline handler a payload would create. */
async function expectNothingInjected(page: Page, w: Watch, where: string): Promise<void> {
  // Give any injected handler (onerror of a broken image, onload) the chance to fire first.
  await page.waitForTimeout(500);
  const found = await page.evaluate(() => ({
    flag: (window as unknown as { __xss?: string }).__xss ?? null,
    handlers: document.querySelectorAll('[onerror],[onload],[onclick],[onmouseover]').length,
    injected: document.querySelectorAll('img[src="x"], iframe, svg[onload], a[href^="javascript:"]').length,
    inlineScripts: [...document.querySelectorAll('script')].filter((s) => !s.src).map((s) => s.textContent?.slice(0, 80) ?? ''),
  }));
  expect({ where, ...found, dialogs: w.dialogs, cspViolations: w.cspViolations }).toEqual({
    where,
    flag: null,
    handlers: 0,
    injected: 0,
    inlineScripts: found.inlineScripts.filter((s) => !/alert|__xss/.test(s)),
    dialogs: [],
    cspViolations: [],
  });
}

/** The decoded HTML part of the newest e-mail to `address` (from the test server's mail directory). */
function newestHtmlMail(address: string, containing: string): string | null {
  const files = readdirSync(mailDir())
    .filter((f) => f.endsWith('.eml') && f.toLowerCase().includes(address.toLowerCase()))
    .sort();
  for (const f of files.reverse()) {
    const raw = readFileSync(join(mailDir(), f), 'utf8');
    const boundary = /boundary="?([^";\r\n]+)"?/i.exec(raw)?.[1];
    const part = (boundary ? raw.split(`--${boundary}`) : [raw]).find((p) => /^Content-Type: text\/html/im.test(p));
    if (!part) continue;
    const [head, ...rest] = part.split(/\r?\n\r?\n/);
    const body = rest.join('\n\n');
    const html = /base64/i.test(head)
      ? Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8')
      : /quoted-printable/i.test(head)
        ? Buffer.from(body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_, h: string) => String.fromCharCode(parseInt(h, 16))), 'latin1').toString('utf8')
        : body;
    if (html.includes(containing)) return html;
  }
  return null;
}

test('issue 8: script and HTML saved in a school and a contact message never run in any page', async ({ page, request, context, baseURL }) => {
  test.setTimeout(150_000);
  const w = watch(page);
  const year = defaultAcademicYear();

  // A real administrator and their school, every free-text field hostile.
  const user = await verifiedUser(request, 'xss');
  const tokens = await loginApi(request, user);
  const school = await createSchoolApi(request, tokens.accessToken, {
    name: P.name,
    board: P.board,
    address: { address1: P.address1, locality: P.locality, city: P.city, state: P.state, country: 'India', pinCode: '208001' },
  });
  await createClassesApi(request, tokens.accessToken, school.id, year, ['Class 1']);
  await createSectionsApi(request, tokens.accessToken, school.id, year, [{ className: 'Class 1', sectionNames: [P.section, 'B'] }]);
  await approveSchool(request, await staffToken(request), school.id);

  // A contact message with script in it, from the public form's endpoint.
  const contactEmail = `${user.username}.contact@example.in`;
  const marker = `marker-${user.username}`;
  const sent = await request.post(`${API}/contact`, { data: { name: 'Anita <b>Verma</b>', email: contactEmail, school: P.name.slice(0, 200), message: `${P.message} ${marker}` } });
  expect(sent.status()).toBe(201);

  // The API answers the text as JSON data, verbatim.
  const mine = await request.get(`${API}/auth/my-school`, { headers: { authorization: `Bearer ${tokens.accessToken}` } });
  expect(mine.headers()['content-type']).toMatch(/^application\/json/);
  expect((await mine.json()).data.school).toMatchObject({ name: P.name, board: P.board, address: { city: P.city, state: P.state, address1: P.address1 } });

  // Dashboard: the name shown as text.
  await signInWithTokens(page, tokens);
  await page.goto('/dashboard');
  await expect(page.getByText(P.name).first()).toBeVisible();
  await expectNothingInjected(page, w, '/dashboard');

  // The sections step shows the section name as text.
  await page.goto(`/setup/sections?schoolId=${school.id}`);
  await expect(page.getByText(P.section).first()).toBeVisible();
  await expectNothingInjected(page, w, '/setup/sections');

  // The school's own portal on its subdomain.
  const portal = await context.newPage();
  const pw = watch(portal);
  await portal.goto(`http://${school.subdomain}.localhost:${new URL(baseURL!).port}/`);
  await expect(portal.getByRole('heading', { level: 1, name: P.name })).toBeVisible();
  await expect(portal.getByText(P.board).first()).toBeVisible();
  await expect(portal.getByText(P.city).first()).toBeVisible();
  await expectNothingInjected(portal, pw, 'school portal');

  // The HTML e-mails that repeat the text: the contact message to the inbox, the approval to the administrator.
  for (const [address, containing, what] of [
    ['hello@vidyalaya.local', marker, 'contact e-mail'],
    [user.email, 'approved', 'approval e-mail'],
  ] as const) {
    let html: string | null = null;
    await expect.poll(() => (html = newestHtmlMail(address, containing)), { message: `${what} arrives`, timeout: 15_000 }).not.toBeNull();
    expect(html!).not.toContain('<script>');
    expect(html!).not.toContain('<img src=x');
    const mailPage = await context.newPage();
    const mw = watch(mailPage);
    await mailPage.setContent(html!);
    await expectNothingInjected(mailPage, mw, what);
    await mailPage.close();
  }
});
