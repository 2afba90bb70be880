// The pure rules behind issue 14's abuse resistance: the hashing pool's order and bound, what
// counts as one emoji or a hidden character, the answer guardrail, TRUST_PROXY, loopback,
// which requests are security events, and which errors mean the database is away.
import { describe, test } from 'node:test';
import assert from 'node:assert/strict';
import { HashPool } from '../../src/services/access/hash-pool.ts';
import { AppError } from '../../src/errors.ts';
import { canonicalEmoji, hasHiddenCharacters, isSingleEmoji, matchUsername, normalUsername } from '../../src/domain/text-rules.ts';
import { classifyAnswer, checkModelAnswer } from '../../src/domain/answer-guardrail.ts';
import { GUARDRAIL_TEXTS } from '../../src/domain/guardrails.ts';
import { parseTrustProxy } from '../../src/config.ts';
import { isLoopback } from '../../src/domain/addresses.ts';
import { securityEventOf } from '../../src/http/security-log.ts';
import { DatabaseUnreachableError, isDatabaseUnavailable } from '../../src/db/unavailable.ts';

function gate() {
  let open!: () => void;
  const p = new Promise<void>((r) => (open = r));
  return { p, open };
}

describe('password hashing pool', () => {
  test('sign-ins wait ahead of sign-ups; a full queue is refused with 503 busy and Retry-After', async () => {
    const pool = new HashPool(1, 3);
    const order: string[] = [];
    const first = gate();
    const running = pool.run('signup', async () => (await first.p, order.push('signup-0')));
    const queued = [
      pool.run('signup', async () => order.push('signup-1')),
      pool.run('signup', async () => order.push('signup-2')),
      pool.run('signin', async () => order.push('signin')),
    ];
    assert.equal(pool.queued, 3);
    await assert.rejects(pool.run('signup', async () => 0), (e: AppError) => e.status === 503 && e.code === 'busy' && e.extra.retry_after === 5);
    first.open();
    await Promise.all([running, ...queued]);
    assert.deepEqual(order, ['signup-0', 'signin', 'signup-1', 'signup-2']);
  });

  test('hashes together hold at most the memory budget; one larger than it runs alone; no overtaking', async () => {
    const pool = new HashPool(3, 10, 100);
    const order: string[] = [];
    const first = gate();
    const a = pool.run('signup', async () => (await first.p, order.push('a')), 60);
    // 60 + 60 > 100: b waits although a slot is free, and c (small) waits behind it in order.
    const b = pool.run('signup', async () => order.push('b'), 60);
    const c = pool.run('signup', async () => order.push('c'), 10);
    assert.equal(pool.queued, 2);
    first.open();
    await Promise.all([a, b, c]);
    assert.deepEqual(order, ['a', 'b', 'c']);
    // Larger than the whole budget: runs when nothing else does, rather than never.
    assert.equal(await pool.run('signin', async () => 'big', 500), 'big');
  });

  test('a failing hash frees its slot', async () => {
    const pool = new HashPool(1, 1);
    await assert.rejects(pool.run('signin', async () => Promise.reject(new Error('boom'))));
    assert.equal(await pool.run('signin', async () => 7), 7);
  });
});

describe('reactions and usernames', () => {
  test('exactly one emoji, including sequences, flags and keycaps; no text or several', () => {
    for (const ok of ['❤️', '❤', '👍🏽', '👨‍👩‍👧', '🇬🇧', '1️⃣', '🫶']) assert.ok(isSingleEmoji(ok), ok);
    for (const bad of ['❤️❤️', 'a', ':)', '<b>', '👍 ', '', '1', 'ok👍']) assert.ok(!isSingleEmoji(bad), bad);
    assert.equal(canonicalEmoji('❤'), '❤️');
    assert.equal(canonicalEmoji('👍'), '👍');
  });

  test('hidden characters are refused; compatibility forms fold', () => {
    for (const bad of ['ad\u200Bmin', 'a\u202Eb', 'a\u2066b', 'x\u0000', 'tab\there', 'a\u00ADb']) assert.ok(hasHiddenCharacters(bad), JSON.stringify(bad));
    assert.ok(!hasHiddenCharacters('Zoë O’Neil-Smith 李'));
    assert.equal(normalUsername(' Ｍｕｍ '), 'Mum');
    assert.equal(normalUsername('ﬁona'), 'fiona');
  });
});

describe("the model's answer guardrail", () => {
  test('doses and medicines are medication; diagnoses are diagnosis; log summaries pass', () => {
    assert.equal(classifyAnswer('Give her 2.5 ml of Calpol every 4 hours.'), 'medication');
    assert.equal(classifyAnswer('The usual dose is 5 mg/kg.'), 'medication');
    assert.equal(classifyAnswer('You should give 400 IU of vitamin D daily.'), 'medication');
    assert.equal(classifyAnswer('Ibuprofen may help.'), 'medication');
    assert.equal(classifyAnswer('It sounds like reflux.'), 'diagnosis');
    assert.equal(classifyAnswer('She probably has colic, judging by the crying.'), 'diagnosis');
    assert.equal(classifyAnswer('This could be an ear infection.'), 'diagnosis');
    for (const fine of ['Ada had 6 feeds today, 720 ml in all.', 'Her last feed was 2 hours ago (120 ml bottle).', 'She had her 10 µg of vitamin D at 08:00.', 'I cannot diagnose anything; ask your GP.', 'She slept 14 h 20 min yesterday.']) {
      assert.equal(classifyAnswer(fine), null, fine);
    }
  });

  test("the replacement is the region's guardrail text", () => {
    assert.equal(checkModelAnswer('Give 5 ml of Tylenol.', 'us')!.answer, GUARDRAIL_TEXTS.us.medication);
    assert.equal(checkModelAnswer('It sounds like reflux.', 'uk')!.answer, GUARDRAIL_TEXTS.uk.diagnosis);
    assert.equal(checkModelAnswer('Ada had 3 naps.', 'uk'), null);
  });
});

describe('client addresses', () => {
  test('TRUST_PROXY: false, hop counts, addresses and CIDR ranges; anything else is null', () => {
    assert.equal(parseTrustProxy('false'), false);
    assert.equal(parseTrustProxy(''), false);
    assert.equal(parseTrustProxy('2'), 2);
    assert.deepEqual(parseTrustProxy('loopback, 10.0.0.0/8,::1'), ['loopback', '10.0.0.0/8', '::1']);
    for (const bad of ['yes', '10.0.0.0/40', '300.1.1.1', 'fd00::/129', '99', '1.2.3.4/8/8']) assert.equal(parseTrustProxy(bad), null, bad);
  });

  test('loopback', () => {
    for (const ip of ['127.0.0.1', '127.9.9.9', '::1', '::ffff:127.0.0.1']) assert.ok(isLoopback(ip), ip);
    for (const ip of ['10.0.0.1', '::ffff:10.0.0.1', '2001:db8::1', '128.0.0.1']) assert.ok(!isLoopback(ip), ip);
  });
});

describe('security events and outages', () => {
  test('which finished requests are security events', () => {
    assert.equal(securityEventOf('POST', '/login', 401, false), 'signin_failed');
    assert.equal(securityEventOf('POST', '/login', 200, false), null);
    assert.equal(securityEventOf('DELETE', '/api/vega/family', 200, true), 'family_deleted');
    assert.equal(securityEventOf('GET', '/api/vega/today', 429, true), 'rate_limited');
    assert.equal(securityEventOf('GET', '/api/vega/today', 200, true), null);
  });

  test('driver errors that mean "the database is away" are told from bugs', () => {
    const withCode = (code: string) => Object.assign(new Error('x'), { code });
    const unavailable = [
      withCode('ECONNREFUSED'), withCode('ECONNRESET'), withCode('57P01'), withCode('3D000'), withCode('SQLITE_BUSY'), new Error('timeout exceeded when trying to connect'),
      // node-postgres: a query_timeout, a connection that ended or failed, the pool's connect timeout (with its cause)
      new Error('Query read timeout'), new Error('Connection terminated unexpectedly'), new Error('Client has encountered a connection error and is not queryable'),
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }), new Error('Client was closed and is not queryable'),
      new DatabaseUnreachableError('PostgreSQL cannot be reached'), new Error('wrapped', { cause: withCode('EHOSTUNREACH') }),
    ];
    for (const e of unavailable) {
      assert.ok(isDatabaseUnavailable(e), String((e as any).code ?? e.message));
    }
    for (const e of [withCode('23505'), withCode('SQLITE_CONSTRAINT_UNIQUE'), new TypeError('x is undefined'), 'string']) assert.ok(!isDatabaseUnavailable(e));
  });
});

describe('which caregiver a typed name means (names stored unfolded by earlier releases)', () => {
  const m = (username: string) => ({ username });
  test('the exact stored name wins, even when another folds alike', () => {
    assert.deepEqual(matchUsername([m('Ｔｏｍ'), m('Tom')], 'Ｔｏｍ'), { member: m('Ｔｏｍ') });
    assert.deepEqual(matchUsername([m('Ｔｏｍ'), m('Tom')], 'Tom'), { member: m('Tom') });
  });
  test('otherwise the one stored name that folds to the same', () => {
    assert.deepEqual(matchUsername([m('mum'), m('Ｇｒａｎ')], 'Gran'), { member: m('Ｇｒａｎ') });
    assert.deepEqual(matchUsername([m('mum'), m('Gran')], ' Ｇｒａｎ '), { member: m('Gran') });
  });
  test('two that fold alike and no exact one: ambiguous, never a guess; none: null', () => {
    assert.deepEqual(matchUsername([m('Ｔｏｍ'), m('Tom'), m('mum')], ' Tom'), { ambiguous: [m('Ｔｏｍ'), m('Tom')] });
    assert.equal(matchUsername([m('mum')], 'gran'), null);
    assert.equal(matchUsername([m('Gran')], 'gran'), null, 'case is not folded: names are case-sensitive');
  });
});
