// A request's validation issues in the reader's words (src/http/validation.ts, issue 39): every
// kind of issue zod raises is worded by its code, and in English exactly as zod words it (so
// the British catalogue's wording cannot drift from zod's without this failing); a schema's own
// message is found in the catalogue by its English; one the catalogue lacks stays English.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { z } from 'zod';
import { issuesToDetail, issuesToMessage, zodValidatorCompiler, type RequestValidationError } from '../../src/http/validation.ts';
import { ENGLISH, wordsFor } from '../../src/i18n/text.ts';
import { DateString, IanaZone } from '../../src/schemas/common.ts';

function refused(schema: z.ZodType, data: unknown) {
  const r = (zodValidatorCompiler as unknown as (o: { schema: z.ZodType }) => (d: unknown) => { error?: RequestValidationError })({ schema })(data);
  assert.ok(r.error, 'refused');
  const issues = r.error.zodIssues;
  return { issues, detail: issuesToDetail('body', issues) };
}

const SCHEMA = z.strictObject({
  name: z.string().min(2).max(3),
  exact: z.string().length(2),
  kind: z.enum(['wet', 'dirty']),
  yes: z.literal(true),
  count: z.number().int().min(1),
  less: z.number().lt(5),
  more: z.number().gt(0),
  list: z.array(z.string()).max(1),
  some: z.array(z.string()).min(2),
  step: z.number().multipleOf(5),
  id: z.uuid(),
  email: z.email(),
  url: z.url(),
  start: z.string().startsWith('ab'),
  end: z.string().endsWith('yz'),
  has: z.string().includes('mm'),
  pattern: z.string().regex(/^\d+$/),
  text: z.string(),
  nothing: z.number(),
  pick: z.discriminatedUnion('type', [z.object({ type: z.literal('a') }), z.object({ type: z.literal('b') })]),
  map: z.record(z.enum(['x']), z.number()),
  set: z.array(z.number()),
  zone: IanaZone,
  day: DateString,
  own: z.string().refine(() => false, { message: 'is not what this field takes' }),
});

const BAD = {
  name: 'abcd', exact: 'abc', kind: 'soggy', yes: false, count: 0.5, less: 7, more: 0, list: ['a', 'b'], some: ['a'], step: 7,
  id: 'x', email: 'y', url: 'z', start: 'x', end: 'x', has: 'x', pattern: 'x', text: 5, pick: { type: 'c' }, map: { q: 1 },
  set: ['1'], zone: 'Mars/Olympus', day: '2026-02-30', own: 'x', extra: 1, more_extra: 2,
};

describe('validation messages in the reader’s words', () => {
  test('every issue is worded by its code; in English exactly as zod words it', () => {
    const { issues, detail } = refused(SCHEMA, BAD);
    assert.ok(issues.length >= 25, `${issues.length} issues`);
    const lacking = issues.filter((i) => i.text === null && i.message !== 'is not what this field takes');
    assert.deepEqual(lacking.map((i) => `${i.path.join('.')}: ${i.message}`), [], 'every issue but the unknown schema message has a text');
    for (const i of issues) if (i.text) assert.equal(ENGLISH.render(i.text), i.message, i.path.join('.'));
    // The English message is the detail's, field by field, as before.
    const english = issuesToMessage(detail, issues, ENGLISH);
    assert.equal(english, detail.map((d) => (d.loc.length > 1 ? `${d.loc.slice(1).join('.')}: ${d.msg}` : d.msg)).join('; '));
  });

  test('in German, French and Polish every part is the language’s, the field path in front', () => {
    const { issues, detail } = refused(SCHEMA, BAD);
    const english = issuesToMessage(detail, issues, ENGLISH).split('; ');
    for (const catalogue of ['de', 'fr', 'pl'] as const) {
      const parts = issuesToMessage(detail, issues, wordsFor(catalogue)).split('; ');
      assert.equal(parts.length, english.length, catalogue);
      parts.forEach((p, n) => {
        const d = detail[n]!;
        if (d.loc.length > 1) assert.ok(p.startsWith(d.loc.slice(1).join('.')), `${catalogue}: ${p}`);
        if (d.msg === 'is not what this field takes') assert.ok(p.endsWith(': is not what this field takes'), `a schema message the catalogue lacks stays English: ${p}`);
        else assert.notEqual(p, english[n], `${catalogue}: ${p}`);
      });
    }
  });

  test('sizes with plural words; a body that is not an object', () => {
    const s = z.strictObject({ a: z.string().max(1), b: z.array(z.string()).max(3), c: z.string().max(5) });
    const { issues, detail } = refused(s, { a: 'xy', b: ['1', '2', '3', '4'], c: 'xxxxxxx' });
    assert.equal(issuesToMessage(detail, issues, wordsFor('pl')), 'a: Za długie: dozwolone najwyżej 1 znak; b: Za długie: dozwolone najwyżej 3 elementy; c: Za długie: dozwolone najwyżej 5 znaków');
    assert.equal(issuesToMessage(detail, issues, wordsFor('de')), 'a: Zu lang: höchstens 1 Zeichen erlaubt; b: Zu lang: höchstens 3 Einträge erlaubt; c: Zu lang: höchstens 5 Zeichen erlaubt');
    const body = refused(s, 7);
    assert.equal(issuesToMessage(body.detail, body.issues, ENGLISH), 'The request body must be a JSON object (send Content-Type: application/json).');
    assert.equal(issuesToMessage(body.detail, body.issues, wordsFor('fr')), 'Le corps de la requête doit être un objet JSON (envoyez Content-Type: application/json).');
  });
});
