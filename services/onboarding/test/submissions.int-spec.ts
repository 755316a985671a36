import { Client } from 'pg';
import { newIp, sql, waitForMail } from '@portal/testing';
import { BOOKKEEPING, NONPROFIT, OnboardingApp } from './onboarding-fixtures';

interface SubmissionBody {
  id: string;
  kind: 'bookkeeping' | 'nonprofit';
  invite_code: string;
  route: string;
  answers: Record<string, string | null>;
  submitted_at: string;
}

/** Until a session of the test database waits for a row lock (another request blocked on a held row). */
async function waitForLockWait(url: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const [{ waiting }] = await sql<{ waiting: number }>(
      url,
      `SELECT count(*)::int AS waiting FROM pg_stat_activity WHERE datname = current_database() AND wait_event_type = 'Lock'`,
    );
    if (waiting > 0) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error('no session waited for a lock');
}

describe('onboarding: questionnaires submitted with an invite code', () => {
  const app = new OnboardingApp();
  const call = <T = Record<string, unknown>>(...args: Parameters<OnboardingApp['call']>) => app.call<T>(...args);
  const submit = (code: string, json: object, ip?: string) =>
    call('POST', `/invite-codes/${code}/submit-onboarding`, { json, ip });
  const submitNonprofit = (code: string, json: object, ip?: string) =>
    call('POST', `/invite-codes/${code}/submit-nonprofit-onboarding`, { json, ip });
  const codeRow = async (id: string) =>
    (await sql(app.db.url, 'SELECT is_used, used_at FROM onboarding.invite_codes WHERE id = $1', [id]))[0];
  const submissionsOf = (id: string) =>
    sql(app.db.url, 'SELECT id, kind, answers FROM onboarding.submissions WHERE invite_code_id = $1', [id]);

  beforeAll(() => app.start());
  afterAll(() => app.stop());

  it('stores the bookkeeping answers, uses the code up and mails the staff every answer', async () => {
    const code = await app.createCode('/new-client');
    const since = new Date();
    const reply = await submit(code.invite_code, { ...BOOKKEEPING, company_name: 'Acme <Bookkeeping> LLC' });
    expect(reply.status).toBe(201);
    expect(reply.body).toEqual({
      message: 'Onboarding information submitted successfully!',
      submission_id: expect.stringMatching(/^[0-9a-f-]{36}$/),
    });

    expect(await codeRow(code.id)).toEqual({ is_used: true, used_at: expect.any(Date) });
    expect(await submissionsOf(code.id)).toEqual([
      {
        id: reply.body.submission_id,
        kind: 'bookkeeping',
        answers: { ...BOOKKEEPING, company_name: 'Acme <Bookkeeping> LLC', setup_on_our_system: null },
      },
    ]);
    expect(await call('GET', `/invite-codes/${code.invite_code}`)).toMatchObject({
      status: 410,
      body: { detail: 'This invite code has already been used.' },
    });
    expect(await submit(code.invite_code, BOOKKEEPING)).toMatchObject({
      status: 410,
      body: { detail: 'This invite code has already been used.' },
    });

    const mail = await waitForMail(app.dataDir, app.staffEmail, { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe('New Bookkeeping Client Onboarding Questionnaire: Acme <Bookkeeping> LLC');
    expect(mail.text).toContain(`with invite code ${code.invite_code} on `);
    for (const line of [
      'Company name: Acme <Bookkeeping> LLC',
      'Accounting software use: Yes',
      'Accounting software name: QuickBooks Online',
      'Add team to software: Not sure',
      'Number of bank accounts: 3',
      'Report frequency: Monthly',
      'Payroll provider: Yes',
      'Payroll provider name: Gusto',
      'Invoicing help: Maybe later',
      'Report email: owner@acme.example',
    ]) {
      expect(mail.text).toContain(line);
    }
    expect(mail.text).not.toContain('Setup on our system');
    expect(mail.html).toContain('Company name: Acme &lt;Bookkeeping&gt; LLC');
    expect(mail.html).not.toContain('<Bookkeeping>');
    expect(mail.replyTo).toEqual(['owner@acme.example']);
  });

  it('stores the non-profit answers (EIN with its dash) and mails the staff', async () => {
    const code = await app.createCode('/new-nonprofit-llc');
    const since = new Date();
    const reply = await submitNonprofit(code.invite_code.toLowerCase(), NONPROFIT);
    expect(reply).toMatchObject({ status: 201, body: { message: 'Onboarding information submitted successfully!' } });
    expect(await submissionsOf(code.id)).toEqual([
      { id: reply.body.submission_id, kind: 'nonprofit', answers: { ...NONPROFIT, ein_number: '12-3456789' } },
    ]);
    const mail = await waitForMail(app.dataDir, app.staffEmail, { since, timeoutMs: 20_000 });
    expect(mail.subject).toBe('New Non-Profit LLC Formation Questionnaire: Helping Hands LLC');
    expect(mail.text).toContain('Non-profit name: Helping Hands LLC\nEIN: 12-3456789\nState of formation: Delaware');
  });

  describe('refusals leave the code usable and store nothing', () => {
    it('400 naming each missing answer', async () => {
      const code = await app.createCode();
      const { company_name: _c, report_email: _r, payroll_provider_name: _p, ...partial } = BOOKKEEPING;
      const reply = await submit(code.invite_code, partial);
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        'Company name is required',
        'Payroll provider name is required',
        'Report email is required',
      ]);
      expect(reply.body.detail).toBe(
        'Company name is required; Payroll provider name is required; Report email is required',
      );
      expect(await submitNonprofit(code.invite_code, { ein_number: '12-34' })).toMatchObject({
        status: 400,
        body: {
          errors: [
            'Non-profit name is required',
            'EIN must have 9 digits, as in 12-3456789',
            'State of formation is required',
          ],
        },
      });
      expect(await codeRow(code.id)).toEqual({ is_used: false, used_at: null });
      expect(await submissionsOf(code.id)).toEqual([]);
    });

    it('400 naming each answer to a question the form hides', async () => {
      const code = await app.createCode();
      const reply = await submit(code.invite_code, {
        ...BOOKKEEPING,
        accounting_software_use: 'No',
        setup_on_our_system: 'Yes',
        payroll_provider: 'No',
      });
      expect(reply.status).toBe(400);
      expect(reply.body.errors).toEqual([
        'Accounting software name (accounting_software_name) must be left empty unless accounting_software_use is Yes',
        'Add team to software (add_team_to_software) must be left empty unless accounting_software_use is Yes',
        'Payroll provider name (payroll_provider_name) must be left empty unless payroll_provider is Yes',
      ]);
      const setup = await submit(code.invite_code, { ...BOOKKEEPING, setup_on_our_system: 'Need more info' });
      expect(setup).toMatchObject({
        status: 400,
        body: {
          detail: 'Setup on our system (setup_on_our_system) must be left empty unless accounting_software_use is No',
        },
      });
      expect(await submit(code.invite_code, { ...BOOKKEEPING, report_frequency: 'Weekly' })).toMatchObject({
        status: 400,
        body: { detail: 'Report frequency must be one of: Monthly, Quarterly, Not sure' },
      });
      expect(await codeRow(code.id)).toEqual({ is_used: false, used_at: null });
    });

    it('409 for a code of the other questionnaire, either way', async () => {
      const client = await app.createCode('/new-client');
      const nonprofit = await app.createCode('/new-nonprofit-llc');
      const detail = 'This invite code is for a different questionnaire.';
      expect(await submitNonprofit(client.invite_code, NONPROFIT)).toMatchObject({ status: 409, body: { detail } });
      expect(await submit(nonprofit.invite_code, BOOKKEEPING)).toMatchObject({ status: 409, body: { detail } });
      expect(await codeRow(client.id)).toEqual({ is_used: false, used_at: null });
      expect(await codeRow(nonprofit.id)).toEqual({ is_used: false, used_at: null });
    });

    it('404 for an unknown code, 410 for an expired one', async () => {
      expect(await submit('AAAA-BBBB-CCCC-DDDD', BOOKKEEPING)).toMatchObject({
        status: 404,
        body: { detail: 'Invite code not found.' },
      });
      const code = await app.createCode();
      await sql(
        app.db.url,
        `UPDATE onboarding.invite_codes SET expiration_datetime = now() - interval '1 second' WHERE id = $1`,
        [code.id],
      );
      expect(await submit(code.invite_code, BOOKKEEPING)).toMatchObject({
        status: 410,
        body: { detail: 'This invite code has expired.' },
      });
      expect(await submissionsOf(code.id)).toEqual([]);
    });
  });

  it('gives exactly one success to two concurrent submits of one code', async () => {
    for (let round = 0; round < 3; round++) {
      const code = await app.createCode();
      const replies = await Promise.all([
        submit(code.invite_code, { ...BOOKKEEPING, company_name: 'First LLC' }),
        submit(code.invite_code, { ...BOOKKEEPING, company_name: 'Second LLC' }),
      ]);
      expect(replies.map((reply) => reply.status).sort()).toEqual([201, 410]);
      expect(replies.find((reply) => reply.status === 410)!.body).toEqual({
        detail: 'This invite code has already been used.',
      });
      const stored = await submissionsOf(code.id);
      expect(stored).toHaveLength(1);
      expect(stored[0].id).toBe(replies.find((reply) => reply.status === 201)!.body.submission_id);
    }
  });

  it('refuses a submit whose code an admin moves to the other questionnaire while the submit runs', async () => {
    const code = await app.createCode('/new-client');
    // The admin's edit holds the code's row (not committed yet) while the visitor submits.
    const edit = new Client({ connectionString: app.db.url });
    await edit.connect();
    try {
      await edit.query('BEGIN');
      await edit.query(`UPDATE onboarding.invite_codes SET route = '/new-nonprofit-llc' WHERE id = $1`, [code.id]);
      const pending = submit(code.invite_code, BOOKKEEPING);
      await waitForLockWait(app.db.url);
      await edit.query('COMMIT');
      expect(await pending).toMatchObject({
        status: 409,
        body: { detail: 'This invite code is for a different questionnaire.' },
      });
    } finally {
      await edit.end();
    }
    expect(await codeRow(code.id)).toEqual({ is_used: false, used_at: null });
    expect(await submissionsOf(code.id)).toEqual([]);
  });

  describe('admins read the submissions', () => {
    it('lists them newest first, a page at a time, and reads one', async () => {
      const older = await app.createCode('/new-client');
      const newer = await app.createCode('/new-nonprofit-llc');
      const first = (await submit(older.invite_code, BOOKKEEPING)).body.submission_id as string;
      const second = (await submitNonprofit(newer.invite_code, { ...NONPROFIT, ein_number: '' })).body
        .submission_id as string;
      const [{ total }] = await sql<{ total: number }>(
        app.db.url,
        'SELECT count(*)::int AS total FROM onboarding.submissions',
      );

      const page = await call<{ items: SubmissionBody[]; total: number; page: number; page_size: number }>(
        'GET',
        '/invite-codes/submissions/?page=1&page_size=2',
        { token: app.adminToken },
      );
      expect(page.status).toBe(200);
      expect(page.body).toMatchObject({ total, page: 1, page_size: 2 });
      expect(page.body.items).toEqual([
        {
          id: second,
          kind: 'nonprofit',
          invite_code: newer.invite_code,
          route: '/new-nonprofit-llc',
          answers: { ...NONPROFIT, ein_number: null },
          submitted_at: expect.any(String),
        },
        {
          id: first,
          kind: 'bookkeeping',
          invite_code: older.invite_code,
          route: '/new-client',
          answers: { ...BOOKKEEPING, setup_on_our_system: null },
          submitted_at: expect.any(String),
        },
      ]);
      expect(Date.parse(page.body.items[0].submitted_at)).toBeGreaterThanOrEqual(
        Date.parse(page.body.items[1].submitted_at),
      );

      const next = await call<{ items: SubmissionBody[] }>('GET', '/invite-codes/submissions?page=2&page_size=2', {
        token: app.adminToken,
      });
      expect(next.body.items.map((item) => item.id)).not.toContain(first);

      const one = await call('GET', `/invite-codes/submissions/${first}`, { token: app.adminToken });
      expect(one).toMatchObject({ status: 200, body: page.body.items[1] });
      for (const id of ['00000000-0000-4000-8000-000000000000', 'nope']) {
        expect(await call('GET', `/invite-codes/submissions/${id}`, { token: app.adminToken })).toMatchObject({
          status: 404,
          body: { detail: 'Submission not found.' },
        });
      }
    });

    it('records a submission viewed for each submission listed: the list carries every answer', async () => {
      const code = await app.createCode('/new-nonprofit-llc');
      const id = (await submitNonprofit(code.invite_code, NONPROFIT)).body.submission_id as string;
      const views = async () => {
        await app.settled();
        return sql(
          app.db.url,
          `SELECT actor_id, details FROM identity.audit_log WHERE action = 'submission.viewed' AND target = $1`,
          [`submission:${id}`],
        );
      };
      expect(await views()).toEqual([]);

      const page = await call<{ items: SubmissionBody[] }>('GET', '/invite-codes/submissions/?page=1&page_size=100', {
        token: app.adminToken,
      });
      expect(page.body.items.find((item) => item.id === id)?.answers).toEqual({
        ...NONPROFIT,
        ein_number: '12-3456789',
      });
      expect(await views()).toEqual([{ actor_id: app.adminId, details: { kind: 'nonprofit' } }]);
    });

    it('refuses others: 401 anonymous, 403 for a verified user', async () => {
      expect((await call('GET', '/invite-codes/submissions/')).status).toBe(401);
      expect((await call('GET', '/invite-codes/submissions/', { token: app.userToken })).status).toBe(403);
    });
  });

  it('limits submissions per client address: 10 an hour, then 429', async () => {
    const ip = newIp();
    for (let attempt = 1; attempt <= 10; attempt++) {
      expect((await submit('AAAA-BBBB-CCCC-DDDD', BOOKKEEPING, ip)).status).toBe(404);
    }
    const code = await app.createCode();
    const limited = await submit(code.invite_code, BOOKKEEPING, ip);
    expect(limited.status).toBe(429);
    expect(limited.body.detail).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await codeRow(code.id)).toEqual({ is_used: false, used_at: null });
    expect((await submitNonprofit(code.invite_code, NONPROFIT, ip)).status).toBe(429);
    expect((await submit(code.invite_code, BOOKKEEPING)).status).toBe(201);
  });
});
