import crypto from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { ASSISTANT_MSG } from '../../core/messages';
import { loginAs, makeApp, type TestApp } from '../helpers';

/**
 * The support chat and the AI writing help against a fake OpenAI-compatible service over real HTTP,
 * and the built-in assistant with no service configured. Runs on SQLite, and on PostgreSQL with TEST_DATABASE_URL.
 */

/** A made-up key, new each run, for the fake service: nothing that looks like a real secret is committed. */
const KEY = `test-key-${crypto.randomUUID()}`;

type Behaviour = 'reply' | 'empty' | 'http500' | 'slow' | 'tools';
interface Seen {
  path: string;
  auth: string | undefined;
  body: any;
}

function fakeService() {
  const seen: Seen[] = [];
  let behaviour: Behaviour = 'reply';
  let toolCall: { name: string; args: string } = { name: 'my_borrow_requests', args: '{}' };
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (c) => (raw += c));
    req.on('end', () => {
      const body = JSON.parse(raw || '{}');
      seen.push({ path: req.url ?? '', auth: req.headers.authorization, body });
      const send = (status: number, data: unknown) => {
        res.writeHead(status, { 'content-type': 'application/json' });
        res.end(JSON.stringify(data));
      };
      const completion = (message: Record<string, unknown>) =>
        send(200, {
          id: 'c1',
          object: 'chat.completion',
          created: 1,
          model: body.model,
          choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
        });
      if (behaviour === 'http500') return send(500, { error: { message: `The engine is overloaded (key ${KEY})`, type: 'server_error' } });
      if (behaviour === 'slow') return setTimeout(() => completion({ content: 'too late' }), 1500);
      if (behaviour === 'empty') return completion({ content: '' });
      if (behaviour === 'tools') {
        const last = body.messages[body.messages.length - 1];
        if (last.role === 'tool') return completion({ content: `From the portal: ${last.content}` });
        return completion({
          content: null,
          tool_calls: [{ id: 'call_1', type: 'function', function: { name: toolCall.name, arguments: toolCall.args } }],
        });
      }
      return completion({ content: '  Borrowing approval takes 1-2 business days.  ' });
    });
  });
  return {
    seen,
    server,
    set: (b: Behaviour, call?: { name: string; args: string }) => {
      behaviour = b;
      if (call) toolCall = call;
    },
    start: () =>
      new Promise<string>((r) => server.listen(0, '127.0.0.1', () => r(`http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`))),
  };
}

const chat = (app: TestApp, message: string, cookie?: string, ip = '10.0.0.1') =>
  app.inject({ method: 'POST', url: '/api/assistant/chat', payload: { message }, headers: cookie ? { cookie } : {}, remoteAddress: ip });

describe('assistant with a model service', () => {
  const fake = fakeService();
  let app: TestApp;
  let faculty: string;
  let student: string;
  let personnel: string;
  let facultyId: number;

  beforeAll(async () => {
    const url = await fake.start();
    app = await makeApp({ env: { ASSISTANT_BASE_URL: url, ASSISTANT_API_KEY: KEY, ASSISTANT_TIMEOUT_MS: '500' } });
    [faculty, student, personnel] = await Promise.all([loginAs(app, 'faculty'), loginAs(app, 'student'), loginAs(app, 'personnel')]);
    facultyId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'faculty@campus.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(async () => {
    await app.close();
    fake.server.close();
  });
  beforeEach(async () => {
    fake.seen.length = 0;
    fake.set('reply');
    await app.ctx.db.deleteFrom('counters').where('key', 'like', 'chat:%').execute();
  });

  it('sends the system prompt, the message, the model and the chat limits, with the key only in the header', async () => {
    const res = await chat(app, 'How long does approval take?');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ reply: 'Borrowing approval takes 1-2 business days.', source: 'model' });
    const [call] = fake.seen;
    expect(call.path).toBe('/v1/chat/completions');
    expect(call.auth).toBe(`Bearer ${KEY}`);
    expect(call.body.model).toBe('gpt-3.5-turbo-16k');
    expect(call.body.max_tokens).toBe(300);
    expect(call.body.temperature).toBe(0.7);
    expect(call.body.messages[0].role).toBe('system');
    const system = call.body.messages[0].content as string;
    for (const s of [
      'User Dashboard',
      'Requests',
      'Borrow',
      'Report Repairs',
      'Settings',
      '1-2 business days',
      '3-5 business days',
      '24-hour priority',
      'within 24 hours',
    ])
      expect(system).toContain(s);
    expect(call.body.messages[1]).toEqual({ role: 'user', content: 'How long does approval take?' });
    expect(call.body.tools).toBeUndefined();
  });

  it('answers about the caller’s own requests through tool calls, and never about another person’s', async () => {
    fake.set('tools', { name: 'my_borrow_requests', args: '{}' });
    const res = await chat(app, 'What is the status of my requests?', faculty);
    expect(res.statusCode, res.body).toBe(200);
    const names = (fake.seen[0].body.tools as any[]).map((t) => t.function.name);
    expect(names).toContain('my_borrow_requests');
    expect(names).not.toContain('my_week');
    const toolMessage = fake.seen[1].body.messages.at(-1);
    expect(toolMessage.role).toBe('tool');
    const data = JSON.parse(toolMessage.content);
    const own = await app.ctx.db.selectFrom('borrow_requests').select('id').where('account_id', '=', facultyId).execute();
    const ownCodes = new Set(own.map((r) => `REQ-${r.id}`));
    for (const r of data.requests) expect(ownCodes.has(r.code)).toBe(true);
    expect(fake.seen[1].body.max_tokens).toBe(300);
    expect(res.json().links).toContainEqual({ label: 'Open Requests', href: '/users/requests' });

    // Another person's request, asked for by number: not found, nothing of it sent to the model.
    const other = await app.ctx.db
      .selectFrom('borrow_requests')
      .select('id')
      .where('account_id', '!=', facultyId)
      .executeTakeFirstOrThrow();
    fake.seen.length = 0;
    fake.set('tools', { name: 'my_borrow_request', args: JSON.stringify({ code: `REQ-${other.id}` }) });
    const theirs = await chat(app, `What is REQ-${other.id}?`, faculty);
    expect(JSON.parse(fake.seen[1].body.messages.at(-1).content)).toEqual({ found: false });

    // A tool not offered to the caller (a student has no week) is refused.
    fake.seen.length = 0;
    fake.set('tools', { name: 'my_week', args: '{}' });
    await chat(app, 'what is assigned to me this week', student);
    expect(JSON.parse(fake.seen[1].body.messages.at(-1).content).error).toMatch(/not available/);
    expect(theirs.statusCode).toBe(200);
  });

  it('personnel can ask what is assigned to them this week', async () => {
    fake.set('tools', { name: 'my_week', args: '{}' });
    const res = await chat(app, 'What is assigned to me this week?', personnel);
    expect(res.statusCode, res.body).toBe(200);
    const data = JSON.parse(fake.seen[1].body.messages.at(-1).content);
    expect(data).toHaveProperty('weekStart');
    expect(Array.isArray(data.tasks)).toBe(true);
  });

  it('answers the spec’s texts on an HTTP error (with its status), a timeout and an empty reply; the key never shows', async () => {
    fake.set('http500');
    const logged = vi.spyOn(app.ctx.log, 'warn');
    const failed = await chat(app, 'How do I borrow a projector?');
    expect(logged).toHaveBeenCalled();
    expect(JSON.stringify(logged.mock.calls)).toContain('500');
    expect(JSON.stringify(logged.mock.calls)).not.toContain(KEY);
    logged.mockRestore();
    expect(failed.json()).toMatchObject({ reply: ASSISTANT_MSG.chatFailure, source: 'error' });
    expect(failed.json().detail).toContain('500');
    expect(failed.json().detail).toContain('The engine is overloaded');
    expect(failed.body).not.toContain(KEY);

    fake.set('slow');
    const slow = await chat(app, 'How do I borrow a projector?');
    expect(slow.json()).toMatchObject({ reply: ASSISTANT_MSG.chatFailure, source: 'error' });

    fake.set('empty');
    const empty = await chat(app, 'How do I borrow a projector?');
    expect(empty.json()).toMatchObject({ reply: ASSISTANT_MSG.chatEmptyReply });
  });

  it('redirects off-topic messages without calling the model, unless they greet or thank', async () => {
    const off = await chat(app, 'What will the weather be tomorrow?');
    expect(off.json()).toMatchObject({ reply: ASSISTANT_MSG.chatOffTopic, source: 'filter' });
    expect(fake.seen).toHaveLength(0);
    const polite = await chat(app, 'Thanks! Any news about my request?');
    expect(polite.json().source).toBe('model');
  });

  it('limits chat to 10 messages per 3 minutes per account, else per address', async () => {
    for (let i = 0; i < 10; i++) expect((await chat(app, `hello ${i}`, faculty, '10.0.0.9')).statusCode).toBe(200);
    const eleventh = await chat(app, 'hello again', faculty, '10.0.0.10');
    expect(eleventh.statusCode).toBe(429);
    expect(eleventh.json().error.message).toBe(ASSISTANT_MSG.chatRateLimit);
    // Another account from the same address still may; an anonymous caller is counted by address.
    expect((await chat(app, 'hello', student, '10.0.0.9')).statusCode).toBe(200);
    for (let i = 0; i < 10; i++) expect((await chat(app, `hi ${i}`, undefined, '10.0.0.20')).statusCode).toBe(200);
    expect((await chat(app, 'hi', undefined, '10.0.0.20')).statusCode).toBe(429);
    expect((await chat(app, 'hi', undefined, '10.0.0.21')).statusCode).toBe(200);
  });

  it('refuses empty and blank messages', async () => {
    expect((await chat(app, '   ')).statusCode).toBe(400);
    expect(fake.seen).toHaveLength(0);
  });

  it('paraphrases for faculty only, with the text-improvement limits, language and priority wording', async () => {
    const body = { text: 'sink leaking in lab', language: 'tagalog', priority: 'high' };
    const res = await app.inject({ method: 'POST', url: '/api/assistant/paraphrase', payload: body, headers: { cookie: faculty } });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ offline: false });
    const call = fake.seen[0].body;
    expect(call.max_tokens).toBe(500);
    expect(call.temperature).toBe(0.3);
    expect(call.messages[0].content).toContain('Tagalog');
    expect(call.messages[0].content).toContain('2-3');
    expect(call.messages[0].content).toContain('urgent attention');
    expect(call.messages[0].content).toContain('Return only the enhanced text');
    expect(call.messages[1].content).toBe('sink leaking in lab');
    for (const who of [student, personnel])
      expect(
        (await app.inject({ method: 'POST', url: '/api/assistant/paraphrase', payload: body, headers: { cookie: who } })).statusCode,
      ).toBe(403);
    const blank = await app.inject({
      method: 'POST',
      url: '/api/assistant/paraphrase',
      payload: { ...body, text: '  ' },
      headers: { cookie: faculty },
    });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toBe(ASSISTANT_MSG.noTextToParaphrase);
  });

  it('generates work reports for personnel only (8-12 sentences); a failure answers the spec’s text', async () => {
    const payload = { text: 'pinalitan ko ang tubo sa ilalim ng lababo' };
    const res = await app.inject({ method: 'POST', url: '/api/assistant/work-report', payload, headers: { cookie: personnel } });
    expect(res.statusCode, res.body).toBe(200);
    expect(fake.seen[0].body.messages[0].content).toContain('8-12 sentences');
    expect(fake.seen[0].body.max_tokens).toBe(500);
    expect(
      (await app.inject({ method: 'POST', url: '/api/assistant/work-report', payload, headers: { cookie: faculty } })).statusCode,
    ).toBe(403);
    fake.set('http500');
    const failed = await app.inject({ method: 'POST', url: '/api/assistant/work-report', payload, headers: { cookie: personnel } });
    expect(failed.statusCode).toBe(502);
    expect(failed.json().error.message).toBe(ASSISTANT_MSG.improveFailed);
    expect(failed.body).not.toContain(KEY);
  });
});

describe('the built-in assistant (no model configured)', () => {
  let app: TestApp;
  let faculty: string;
  let facultyId: number;

  beforeAll(async () => {
    app = await makeApp();
    faculty = await loginAs(app, 'faculty');
    facultyId = (await app.ctx.db.selectFrom('accounts').select('id').where('email', '=', 'faculty@campus.test').executeTakeFirstOrThrow())
      .id;
  });
  afterAll(() => app.close());
  beforeEach(() => app.ctx.db.deleteFrom('counters').where('key', 'like', 'chat:%').execute());

  it.each([
    ['How do I borrow a projector?', /Borrow \(\/users\/borrow-item\)/],
    ['How long does approval take?', /1-2 business days/],
    ['How long do repairs take?', /3-5 business days/],
    ['We have an emergency, water everywhere', /24-hour priority/],
    ['I lost a borrowed item, what should I do?', /within 24 hours/],
    ['How do I return an item?', /proof/],
    ['Paano humiram ng projector?', /Para humiram/],
    ['Paano ibalik ang hiniram?', /Para ibalik/],
    ['Gaano katagal ang pag-apruba?', /1-2 business days/],
    ['Saan makikita ang portal menu?', /Report Repairs/],
  ])('answers "%s"', async (question, expected) => {
    const res = await chat(app, question);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().source).toBe('builtin');
    expect(res.json().reply).toMatch(expected);
    expect(res.json().reply).toContain(ASSISTANT_MSG.chatBuiltIn);
  });

  it('gives the office contact details from the site settings when nothing matches', async () => {
    await app.ctx.settings.set('office_phone', '(02) 8999 0000');
    const res = await chat(app, 'xyzzy plugh');
    expect(res.json().reply).toContain('(02) 8999 0000');
  });

  it('answers the signed-in person about their own requests, by number only their own', async () => {
    const mine = await chat(app, 'what are my requests?', faculty);
    expect(mine.json().links).toContainEqual({ label: 'Open Requests', href: '/users/requests' });
    const own = await app.ctx.db.selectFrom('borrow_requests').select('id').where('account_id', '=', facultyId).executeTakeFirst();
    if (own) {
      const res = await chat(app, `status of REQ-${own.id}?`, faculty);
      expect(res.json().reply).toContain(`REQ-${own.id}`);
      expect(res.json().reply).toMatch(/Next|Nothing more|rejected|cancelled|overdue/);
    }
    const other = await app.ctx.db
      .selectFrom('borrow_requests')
      .select('id')
      .where('account_id', '!=', facultyId)
      .executeTakeFirstOrThrow();
    const theirs = await chat(app, `status of REQ-${other.id}?`, faculty);
    expect(theirs.json().reply).toContain(ASSISTANT_MSG.chatRequestNotFound(`REQ-${other.id}`));
    const anon = await chat(app, 'what are my requests?');
    expect(anon.json().reply).toContain(ASSISTANT_MSG.chatSignInForOwn);
  });

  it('writes dates as the portal does: the campus day, in the product style, never ISO', async () => {
    const own = await app.ctx.db.selectFrom('borrow_requests').select('id').where('account_id', '=', facultyId).executeTakeFirstOrThrow();
    // 12:57 AM on Nov 25 in Manila is still Nov 24 in UTC.
    await app.ctx.db
      .updateTable('borrow_requests')
      .set({ created_at: '2026-11-24T16:57:00.000Z', date_needed: '2026-11-26', date_expected_return: '2026-11-30' })
      .where('id', '=', own.id)
      .execute();
    const reply = (await chat(app, `status of REQ-${own.id}?`, faculty)).json().reply as string;
    expect(reply).toContain('requested Nov 25, 2026, needed Nov 26, 2026, expected return Nov 30, 2026');
    expect(reply).not.toMatch(/\d{4}-\d{2}-\d{2}/);
  });

  it('answers personnel what is assigned to them this week, and faculty about their repair reports', async () => {
    const personnel = await loginAs(app, 'personnel');
    const week = await chat(app, 'What is assigned to me this week?', personnel);
    expect(week.statusCode, week.body).toBe(200);
    expect(week.json().reply).toMatch(/This week \(\w{3} \d{1,2}, \d{4} to \w{3} \d{1,2}, \d{4}\)|Nothing is assigned to you this week/);
    expect(week.json().reply).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    expect(week.json().links).toContainEqual({ label: 'Open Schedule', href: '/personnel/schedule' });
    const repairs = await chat(app, 'status of my repair report', faculty);
    expect(repairs.json().reply).toMatch(/RPR-\d+|no repair reports/);
    const theirs = await app.ctx.db
      .selectFrom('repair_reports')
      .select('id')
      .where('reporter_id', '!=', facultyId)
      .where((eb) => eb.or([eb('assigned_to', 'is', null), eb('assigned_to', '!=', facultyId)]))
      .executeTakeFirst();
    if (theirs)
      expect((await chat(app, `RPR-${theirs.id}?`, faculty)).json().reply).toContain(ASSISTANT_MSG.chatRepairNotFound(`RPR-${theirs.id}`));
  });

  it('tidies text offline and says so', async () => {
    const res = await app.inject({
      method: 'POST',
      url: '/api/assistant/paraphrase',
      payload: { text: '  the sink   is leaking ,water everywhere', language: 'english', priority: 'low' },
      headers: { cookie: faculty },
    });
    expect(res.json()).toEqual({
      text: 'The sink is leaking, water everywhere. This issue can be handled as routine maintenance.',
      offline: true,
      note: ASSISTANT_MSG.improvedOffline,
    });
  });

  it('says that a Tagalog paraphrase needs the AI service, tidies the English, and repeats nothing when pressed again', async () => {
    const press = async (text: string) =>
      (
        await app.inject({
          method: 'POST',
          url: '/api/assistant/paraphrase',
          payload: { text, language: 'tagalog', priority: 'high' },
          headers: { cookie: faculty },
        })
      ).json();
    const first = await press('the aircon   is leaking');
    expect(first).toEqual({
      text: 'The aircon is leaking. This issue requires urgent attention.',
      offline: true,
      note: ASSISTANT_MSG.translationNeedsAi,
    });
    expect((await press(first.text)).text).toBe(first.text);
  });

  it('bounds the writing help to 20 calls per 10 minutes per account', async () => {
    await app.ctx.db.deleteFrom('counters').where('key', 'like', 'improve:%').execute();
    const call = () =>
      app.inject({
        method: 'POST',
        url: '/api/assistant/paraphrase',
        payload: { text: 'leak', language: 'english', priority: 'low' },
        headers: { cookie: faculty },
      });
    for (let i = 0; i < 20; i++) expect((await call()).statusCode).toBe(200);
    expect((await call()).statusCode).toBe(429);
  });
});
