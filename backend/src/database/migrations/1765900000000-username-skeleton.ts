import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Look-alike usernames (issue 33 row 7). Usernames are compared by their confusable skeleton, in
 * the spirit of Unicode UTS #39: `demo_admın` (dotless i), `demo_ɑdmin` (Latin alpha),
 * `ᴅemo_admin` (small capital D), `demo_ad̲min` (a combining mark) and `demo_adrnin` all have the
 * skeleton of `demo_admin`, so none of them can be taken while `demo_admin` exists.
 *
 * - `username_skeleton(text)`: NFKC, lower case, NFKD, the combining marks that belong to no script
 *   (U+0300–036F and the other "Inherited" blocks: accents, overlays, underlines) removed — the
 *   vowel signs and other marks of India's scripts are kept, they are letters' parts there — then
 *   every character in the table below replaced by the ASCII it imitates (Latin small capitals, IPA
 *   and stroked letters, and the Cyrillic and Greek look-alikes for any older account), the
 *   ligatures spelled out, and finally UTS #39's own `0 → o`, `1 → l`, `m → rn`.
 * - A trigger on `users` refuses a new or renamed account whose skeleton equals another account's
 *   (a different name: the exact name is the unique index's job) with the unique index's own error,
 *   `users_username_lower_uq`, so every path that makes an account (registration, invitations, the
 *   staff command, the demo seed) answers "username taken" as for the same name. It takes a
 *   transaction lock on the skeleton first, so two look-alikes registered at once cannot both pass.
 * - An index on the skeleton keeps the check and the registration's look-up fast. It is not unique:
 *   accounts made before this migration keep working even if two of them look alike.
 *
 * Self-contained: the table is a copy here, not an import, so what this migration does never changes.
 */
export class UsernameSkeleton1765900000000 implements MigrationInterface {
  name = 'UsernameSkeleton1765900000000';

  async up(q: QueryRunner): Promise<void> {
    const from = LOOKALIKES.map(([c]) => c).join('');
    const to = LOOKALIKES.map(([, t]) => t).join('');
    if ([...from].length !== [...to].length) throw new Error('username skeleton: the table is uneven');
    const expanded = EXPANSIONS.reduce((sql, [c, t]) => `replace(${sql}, '${c}', '${t}')`, `translate(stripped, '${from}', '${to}')`);
    await q.query(`
      CREATE FUNCTION username_skeleton(name text) RETURNS text LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $fn$
        SELECT ${expanded}
          FROM (SELECT regexp_replace(normalize(lower(normalize(name, NFKC)), NFKD), '${INHERITED_MARKS}', '', 'g') AS stripped) s
      $fn$`);
    await q.query(`CREATE INDEX users_username_skeleton_idx ON users (username_skeleton(username))`);
    await q.query(`
      CREATE FUNCTION users_username_lookalike() RETURNS trigger LANGUAGE plpgsql AS $fn$
      DECLARE
        skeleton text := username_skeleton(NEW.username);
      BEGIN
        PERFORM pg_advisory_xact_lock(hashtext('users.username_skeleton:' || skeleton));
        IF EXISTS (SELECT 1 FROM users u
                    WHERE username_skeleton(u.username) = skeleton AND u.id <> NEW.id AND lower(u.username) <> lower(NEW.username)) THEN
          RAISE EXCEPTION 'a username that looks like an existing one'
            USING ERRCODE = 'unique_violation', CONSTRAINT = 'users_username_lower_uq';
        END IF;
        RETURN NEW;
      END $fn$`);
    await q.query(`CREATE TRIGGER users_username_lookalike BEFORE INSERT OR UPDATE OF username ON users FOR EACH ROW EXECUTE FUNCTION users_username_lookalike()`);
  }

  async down(q: QueryRunner): Promise<void> {
    await q.query(`DROP TRIGGER users_username_lookalike ON users`);
    await q.query(`DROP FUNCTION users_username_lookalike()`);
    await q.query(`DROP INDEX users_username_skeleton_idx`);
    await q.query(`DROP FUNCTION username_skeleton(text)`);
  }
}

/** Combining marks of no script (Unicode "Inherited"): accents, overlays, underlines, enclosing marks. */
const INHERITED_MARKS = '[\\u0300-\\u036f\\u0483-\\u0489\\u1ab0-\\u1aff\\u1dc0-\\u1dff\\u20d0-\\u20ff\\ufe20-\\ufe2f]';

/**
 * One character → the ASCII letter or digit it imitates, after lower-casing and NFKD (so accented
 * letters and the compatibility forms, full-width, mathematical, ligatures such as `ĳ`, are already
 * plain). Latin first (small capitals, IPA, letters with strokes and hooks), then Cyrillic and
 * Greek, then the ASCII pairs of UTS #39. Chosen from Unicode's confusables.txt for the targets
 * a–z, 0–9, plus the small capitals and stroked letters it leaves to other prototypes.
 */
const LOOKALIKES: [string, string][] = [
  // a
  ['ɑ', 'a'], ['ᴀ', 'a'], ['ⱥ', 'a'], ['ɐ', 'a'], ['ꭤ', 'a'],
  // b
  ['ƀ', 'b'], ['ƅ', 'b'], ['ʙ', 'b'], ['ɓ', 'b'], ['ƃ', 'b'], ['ᵬ', 'b'], ['ᴃ', 'b'],
  // c
  ['ᴄ', 'c'], ['ƈ', 'c'], ['ȼ', 'c'], ['ɕ', 'c'], ['ꞓ', 'c'],
  // d
  ['ᴅ', 'd'], ['đ', 'd'], ['ɗ', 'd'], ['ɖ', 'd'], ['ƌ', 'd'], ['ȡ', 'd'], ['ᵭ', 'd'], ['ᴆ', 'd'],
  // e
  ['ᴇ', 'e'], ['ɇ', 'e'], ['ⱸ', 'e'], ['ɛ', 'e'], ['ɘ', 'e'], ['ꬲ', 'e'],
  // f
  ['ꜰ', 'f'], ['ƒ', 'f'], ['ᵮ', 'f'], ['ꞙ', 'f'],
  // g
  ['ɡ', 'g'], ['ɢ', 'g'], ['ǥ', 'g'], ['ɠ', 'g'], ['ᶃ', 'g'], ['ƍ', 'g'],
  // h
  ['ʜ', 'h'], ['ħ', 'h'], ['ɦ', 'h'], ['ⱨ', 'h'], ['ɧ', 'h'],
  // i
  ['ı', 'i'], ['ɪ', 'i'], ['ɩ', 'i'], ['ɨ', 'i'], ['ᵻ', 'i'], ['ᴉ', 'i'],
  // j
  ['ȷ', 'j'], ['ᴊ', 'j'], ['ɉ', 'j'], ['ʝ', 'j'],
  // k
  ['ᴋ', 'k'], ['ĸ', 'k'], ['ƙ', 'k'], ['ⱪ', 'k'], ['ꝁ', 'k'],
  // l
  ['ʟ', 'l'], ['ł', 'l'], ['ƚ', 'l'], ['ɫ', 'l'], ['ɬ', 'l'], ['ɭ', 'l'], ['ȴ', 'l'], ['ǀ', 'l'], ['ꞁ', 'l'],
  // m (then m → rn, below)
  ['ᴍ', 'm'], ['ɱ', 'm'], ['ᵯ', 'm'],
  // n
  ['ɴ', 'n'], ['ƞ', 'n'], ['ɲ', 'n'], ['ɳ', 'n'], ['ŋ', 'n'], ['ᵰ', 'n'], ['ȵ', 'n'],
  // o
  ['ᴏ', 'o'], ['ᴑ', 'o'], ['ø', 'o'], ['ɵ', 'o'], ['ꝋ', 'o'], ['ⱺ', 'o'], ['ꬽ', 'o'],
  // p
  ['ᴘ', 'p'], ['ƥ', 'p'], ['ᵽ', 'p'], ['ᵱ', 'p'],
  // q
  ['ʠ', 'q'], ['ɋ', 'q'],
  // r
  ['ʀ', 'r'], ['ɍ', 'r'], ['ɼ', 'r'], ['ɽ', 'r'], ['ɾ', 'r'], ['ᵲ', 'r'], ['ᵳ', 'r'], ['ꭇ', 'r'], ['ꭈ', 'r'], ['ᴦ', 'r'],
  // s
  ['ꜱ', 's'], ['ʂ', 's'], ['ƽ', 's'], ['ȿ', 's'], ['ᵴ', 's'],
  // t
  ['ᴛ', 't'], ['ŧ', 't'], ['ƭ', 't'], ['ʈ', 't'], ['ƫ', 't'], ['ȶ', 't'], ['ⱦ', 't'], ['ᵵ', 't'],
  // u
  ['ᴜ', 'u'], ['ʉ', 'u'], ['ᵾ', 'u'], ['ʋ', 'u'], ['ꞟ', 'u'],
  // v
  ['ᴠ', 'v'], ['ⱱ', 'v'], ['ⱴ', 'v'],
  // w
  ['ᴡ', 'w'], ['ⱳ', 'w'], ['ɯ', 'w'],
  // x
  ['ᶍ', 'x'],
  // y
  ['ʏ', 'y'], ['ƴ', 'y'], ['ɏ', 'y'],
  // z
  ['ᴢ', 'z'], ['ƶ', 'z'], ['ȥ', 'z'], ['ʐ', 'z'], ['ʑ', 'z'], ['ɀ', 'z'], ['ᵶ', 'z'], ['ⱬ', 'z'],
  // Cyrillic (lower case), for accounts made before Cyrillic was refused
  ['а', 'a'], ['в', 'b'], ['ь', 'b'], ['с', 'c'], ['ԁ', 'd'], ['е', 'e'], ['һ', 'h'], ['н', 'h'], ['і', 'i'], ['ј', 'j'], ['к', 'k'],
  ['ӏ', 'l'], ['м', 'm'], ['п', 'n'], ['о', 'o'], ['р', 'p'], ['ԛ', 'q'], ['г', 'r'], ['ѕ', 's'], ['т', 't'], ['ц', 'u'], ['ѵ', 'v'],
  ['ԝ', 'w'], ['ѡ', 'w'], ['х', 'x'], ['у', 'y'], ['ү', 'y'],
  // Greek (lower case), likewise
  ['α', 'a'], ['ϲ', 'c'], ['ε', 'e'], ['γ', 'y'], ['η', 'n'], ['ι', 'i'], ['ϳ', 'j'], ['κ', 'k'], ['ν', 'v'], ['ο', 'o'], ['σ', 'o'],
  ['ρ', 'p'], ['τ', 't'], ['υ', 'u'], ['χ', 'x'], ['ω', 'w'],
  // ASCII pairs of UTS #39
  ['0', 'o'], ['1', 'l'],
];

/** Characters that imitate two (applied after the table, in this order; `m → rn` last, as UTS #39 does). */
const EXPANSIONS: [string, string][] = [
  ['æ', 'ae'],
  ['œ', 'oe'],
  ['ß', 'ss'],
  ['ꜳ', 'aa'],
  ['ꝏ', 'oo'],
  ['ᵫ', 'ue'],
  ['m', 'rn'],
];
