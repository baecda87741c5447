import { clientAt, newAccount, registerVerified, startAuthHarness, type AuthHarness } from '../auth/auth-helpers';
import { uniq } from '../support/app';

/**
 * Issue 33 row 7: usernames are compared by their confusable skeleton (UTS #39, migration
 * 1765900000000), so Latin look-alikes of a taken name (`demo_admın`, `demo_ɑdmin`, `ᴅemo_admin`,
 * combining marks, `rn` for `m`) answer 409 USERNAME_TAKEN like the name itself, on every path that
 * makes an account.
 */
describe('look-alike usernames are taken names (issue 33 row 7)', () => {
  let h: AuthHarness;
  beforeAll(async () => {
    h = await startAuthHarness();
  });
  afterAll(() => h.close());

  const skeleton = async (name: string): Promise<string> => (await h.t.db.query(`SELECT username_skeleton($1) AS s`, [name]))[0].s;

  it('the skeleton: Latin small capitals, IPA and stroked letters, marks of no script, digits and rn fold to the plain name; Indian scripts keep their vowel signs', async () => {
    const cases: [string, string][] = [
      ['demo_admin', 'derno_adrnin'],
      ['DEMO_ADMIN', 'derno_adrnin'],
      ['demo_admın', 'derno_adrnin'], // dotless i
      ['demo_ɑdmin', 'derno_adrnin'], // Latin alpha
      ['ᴅemo_admin', 'derno_adrnin'], // small capital D
      ['demo_ad\u0332min', 'derno_adrnin'], // combining low line
      ['demo_admi\u0307n', 'derno_adrnin'], // combining dot above
      ['démo_admin', 'derno_adrnin'],
      ['demo_adrnin', 'derno_adrnin'],
      ['ＤＥＭＯ_ａｄｍｉｎ', 'derno_adrnin'], // full width
      ['dеmo_аdmin', 'derno_adrnin'], // Cyrillic е and а (refused at registration anyway)
      ['ravi.k-01', 'ravi.k-ol'],
      ['ʀᴀᴠɪ', 'ravi'],
      ['łøgɨn', 'login'],
      ['strasse', 'strasse'],
      ['straße', 'strasse'],
    ];
    for (const [name, expected] of cases) expect([name, await skeleton(name)]).toEqual([name, expected]);
    // Devanagari: short and long i are different names; the nukta stays.
    expect(await skeleton('रवि')).not.toBe(await skeleton('रवी'));
    expect(await skeleton('ज़ोया')).not.toBe(await skeleton('जोया'));
    expect(await skeleton('रवि')).toBe('रवि');
  });

  it('registering a look-alike of a verified account answers 409 USERNAME_TAKEN and makes nothing; a different name passes', async () => {
    const base = `demo${uniq()}_admin`;
    await registerVerified(h, { ...newAccount(), username: base });
    const call = clientAt(h.t);
    const lookalikes = [
      base.replace('admin', 'admın'),
      base.replace('admin', 'ɑdmin'),
      base.replace('demo', 'ᴅemo'),
      base.replace('admin', 'ad\u0332min'),
      base.replace('admin', 'adrnin'),
      base.toUpperCase(),
    ];
    for (const username of lookalikes) {
      const res = await call('POST', '/auth/register', { body: { ...newAccount(), username } });
      expect([username, res.status, res.body.error?.code]).toEqual([username, 409, 'USERNAME_TAKEN']);
    }
    const [{ n }] = await h.t.db.query(`SELECT count(*)::int AS n FROM users WHERE username_skeleton(username) = username_skeleton($1)`, [base]);
    expect(n).toBe(1);
    const other = await call('POST', '/auth/register', { body: { ...newAccount(), username: `${base}s` } });
    expect(other.status).toBe(201);
  });

  it('an unverified look-alike does not block the name: it is dropped, as an unverified claim of the same name is replaced', async () => {
    const base = `ravi${uniq()}_k`;
    const call = clientAt(h.t);
    const squatter = { ...newAccount(), username: base.replace('ravi', 'rɑvi') };
    expect((await call('POST', '/auth/register', { body: squatter })).status).toBe(201);
    const owner = { ...newAccount(), username: base };
    expect((await call('POST', '/auth/register', { body: owner })).status).toBe(201);
    const rows: { username: string }[] = await h.t.db.query(`SELECT username FROM users WHERE username_skeleton(username) = username_skeleton($1)`, [base]);
    expect(rows).toEqual([{ username: base }]);
  });

  it('every other way of making an account is refused by the database itself (invitations, the staff command): the unique index’s own error', async () => {
    const base = `staff${uniq()}_one`;
    await h.t.db.query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1, $2, 'x', 'staff', true)`, [base, `${base}@example.test`]);
    const err = await h.t.db
      .query(`INSERT INTO users (username, email, password_hash, role, is_email_verified) VALUES ($1, $2, 'x', 'staff', true)`, [base.replace('one', 'οne'), `x${base}@example.test`])
      .then(
        () => null,
        (e: { driverError?: { code?: string; constraint?: string } }) => e.driverError,
      );
    expect(err).toMatchObject({ code: '23505', constraint: 'users_username_lower_uq' });
    // Renaming an account into a look-alike is refused the same way; renaming it to itself is not.
    const [{ id }] = await h.t.db.query(`INSERT INTO users (username, email, password_hash) VALUES ($1, $2, 'x') RETURNING id`, [`z${base}`, `z${base}@example.test`]);
    await expect(h.t.db.query(`UPDATE users SET username = $2 WHERE id = $1`, [id, base.replace('staff', 'ꜱtaff')])).rejects.toMatchObject({ driverError: { code: '23505' } });
    await h.t.db.query(`UPDATE users SET username = upper(username) WHERE id = $1`, [id]);
  });
});
