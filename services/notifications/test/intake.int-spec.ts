import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { listMailFiles, mailDropDir, parseMail } from '@portal/events';
import { login, newIp, registerVerified, uniqueEmail, useTestApp, waitForMail, type Reply } from '@portal/testing';

const STAFF_EMAIL = 'staff-intake@example.com';
const APP_URL = 'http://portal.test';
const ADMIN_EMAIL = 'admin-intake@example.com';
const ADMIN_PASSWORD = 'Adm1n!intake';

const PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
  'latin1',
);
/** The first bytes of a Windows program, whatever name it is given. */
const EXE = Buffer.concat([
  Buffer.from('MZ\x90\x00\x03\x00\x00\x00\x04\x00\x00\x00\xff\xff', 'latin1'),
  Buffer.alloc(200),
]);

const APPLICATION = {
  name: 'Jane Applicant',
  phone: '+1 (919) 555-0142',
  linkedin: 'https://www.linkedin.com/in/jane-applicant',
  message: 'Ten years in public accounting.\nAvailable from January.',
  position: 'Accountant (Raleigh, NC)',
  type: 'job_application',
  source: 'website_careers_page',
};

describe('careers, perks and the staff inbox', () => {
  const app = useTestApp({ STAFF_EMAIL, APP_URL, ADMIN_EMAIL, ADMIN_PASSWORD });
  let adminToken: string;
  let userToken: string;

  beforeAll(async () => {
    const admin = await login(app.call, ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(admin.status).toBe(200);
    adminToken = admin.body.access_token;
    userToken = (await registerVerified(app.call, app.dataDir, uniqueEmail('user'))).accessToken;
  });

  /** A multipart POST /api/messages/ as the careers page sends it. */
  async function apply(
    fields: Record<string, string>,
    resume?: { name: string; bytes: Buffer; type?: string },
  ): Promise<Reply> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    if (resume)
      form.append('resume', new Blob([resume.bytes], { type: resume.type ?? 'application/pdf' }), resume.name);
    const response = await fetch(`${app.gateway.baseUrl}/api/messages/`, {
      method: 'POST',
      headers: { 'x-forwarded-for': newIp() },
      body: form,
    });
    const text = await response.text();
    return { status: response.status, body: text ? JSON.parse(text) : undefined, headers: response.headers, ms: 0 };
  }

  const applications = (email: string) =>
    app.sql<{ id: string; type: string; resume_key: string | null }>(
      `SELECT id, type, resume_key FROM notifications.messages WHERE lower(email) = lower($1)`,
      [email],
    );

  /** Every stored resume file (the local storage keeps them under DATA_DIR/files/resumes). */
  async function storedResumes(): Promise<string[]> {
    const names = await readdir(join(app.dataDir, 'files', 'resumes')).catch(() => []);
    return names.filter((name) => !name.startsWith('.'));
  }

  async function mailsTo(email: string) {
    const mails = [];
    for (const file of await listMailFiles(app.dataDir)) {
      const mail = await parseMail(await readFile(join(mailDropDir(app.dataDir), file)));
      if (mail.to.some((to) => to.toLowerCase() === email.toLowerCase())) mails.push(mail);
    }
    return mails;
  }

  describe('job applications (multipart POST /api/messages/)', () => {
    it('stores an application with a PDF resume in file storage and mails the staff a link, not the file', async () => {
      const email = uniqueEmail('applicant');
      const since = new Date();
      // Quotes in the name, which FormData sends as %22, as browsers do.
      const reply = await apply({ ...APPLICATION, email }, { name: 'Jane "JJ" Applicant CV.pdf', bytes: PDF });
      expect(reply.status).toBe(201);
      expect(reply.body).toEqual({
        id: expect.any(String),
        message: 'Your application has been submitted successfully!',
      });

      const [row] = await app.sql<Record<string, unknown>>(
        `SELECT type, source, position, linkedin, phone, resume_key, resume_file_name, resume_content_type, resume_size,
                resume_sha256 FROM notifications.messages WHERE id = $1`,
        [reply.body.id],
      );
      expect(row).toEqual({
        type: 'job_application',
        source: 'website_careers_page',
        position: 'Accountant (Raleigh, NC)',
        linkedin: APPLICATION.linkedin,
        phone: APPLICATION.phone,
        resume_key: `resumes/${String(reply.body.id)}`,
        resume_file_name: 'Jane "JJ" Applicant CV.pdf',
        resume_content_type: 'application/pdf',
        resume_size: PDF.length,
        resume_sha256: createHash('sha256').update(PDF).digest('hex'),
      });
      // The bytes are on disk under the server's key, not in the database.
      expect(await readFile(join(app.dataDir, 'files', 'resumes', String(reply.body.id)))).toEqual(PDF);

      const mail = await waitForMail(app.dataDir, STAFF_EMAIL, { since, timeoutMs: 20_000 });
      expect(mail.subject).toBe('Job application from Jane Applicant: Accountant (Raleigh, NC)');
      expect(mail.replyTo).toEqual([email]);
      expect(mail.text).toContain('Resume: Jane "JJ" Applicant CV.pdf');
      expect(mail.links).toContain(`${APP_URL}/admin?tab=inbox`);
      expect(mail.attachments).toEqual([]);
    });

    it('refuses a program renamed to .pdf, and keeps nothing of it', async () => {
      const email = uniqueEmail('renamed');
      const before = await storedResumes();
      const reply = await apply({ ...APPLICATION, email }, { name: 'resume.pdf', bytes: EXE });
      expect(reply.status).toBe(400);
      expect(reply.body).toEqual({
        detail:
          "The file's content is not a .pdf document. Please upload a valid file type (PDF, Word, PowerPoint, or TXT)",
      });
      expect(await applications(email)).toEqual([]);
      expect(await storedResumes()).toEqual(before);
    });

    it('refuses another file type by its name', async () => {
      const reply = await apply(
        { ...APPLICATION, email: uniqueEmail('exe') },
        { name: 'resume.exe', bytes: EXE, type: 'application/x-msdownload' },
      );
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toBe('Please upload a valid file type (PDF, Word, PowerPoint, or TXT)');
    });

    it('refuses a missing resume and a bad LinkedIn URL, naming each problem', async () => {
      const email = uniqueEmail('incomplete');
      const missing = await apply({ ...APPLICATION, email });
      expect(missing.status).toBe(400);
      expect(missing.body).toEqual({
        detail: 'Resume is required: attach a PDF, Word, PowerPoint or TXT file of at most 5 MB',
        errors: ['Resume is required: attach a PDF, Word, PowerPoint or TXT file of at most 5 MB'],
      });

      const before = await storedResumes();
      const badLink = await apply(
        { ...APPLICATION, email, linkedin: 'my linkedin', phone: '' },
        { name: 'cv.pdf', bytes: PDF },
      );
      expect(badLink.status).toBe(400);
      expect(badLink.body.errors).toEqual([
        'Phone is required',
        'LinkedIn must be a web address such as https://www.linkedin.com/in/your-name',
      ]);
      expect(badLink.body.detail).toBe(
        'Phone is required; LinkedIn must be a web address such as https://www.linkedin.com/in/your-name',
      );
      // The resume had been stored before the fields were checked: it is gone again.
      expect(await storedResumes()).toEqual(before);
      expect(await applications(email)).toEqual([]);
    });

    it('refuses a resume over 5 MB with a 413', async () => {
      const big = Buffer.concat([PDF, Buffer.alloc(5 * 1024 * 1024, 0x20)]);
      const reply = await apply({ ...APPLICATION, email: uniqueEmail('big') }, { name: 'cv.pdf', bytes: big });
      expect(reply.status).toBe(413);
      expect(reply.body).toEqual({ detail: 'The resume is larger than 5 MB. Please upload a smaller file.' });
    });

    it('refuses a job application sent as JSON (it cannot carry the resume)', async () => {
      const { name, phone, message, type } = APPLICATION;
      const reply = await app.call('POST', '/messages/', {
        json: { name, phone, message, type, email: uniqueEmail('json') },
      });
      expect(reply.status).toBe(400);
      expect(reply.body.detail).toContain('A job application is sent as multipart/form-data');
    });
  });

  describe('perk provider submissions', () => {
    it('are stored as a message with the composed text, and mailed to the staff', async () => {
      const email = uniqueEmail('perk');
      const since = new Date();
      const message = [
        'Company: Ledgerly',
        'Website: https://ledgerly.example',
        'Perk type: Promo code',
        'Offer details: 20% off the first year',
        'Company description: Expense software for startups',
        'Redemption instructions: Use code HARBOR20 at checkout',
      ].join('\n');
      const reply = await app.call('POST', '/messages/', {
        json: {
          name: 'Ledgerly',
          email,
          subject: 'Perk provider submission: Ledgerly',
          message,
          type: 'perk_provider',
          source: 'website_perks_page',
        },
      });
      expect(reply.status).toBe(201);
      const [row] = await app.sql(
        `SELECT name, type, source, subject, message, resume_key FROM notifications.messages WHERE id = $1`,
        [reply.body.id],
      );
      expect(row).toEqual({
        name: 'Ledgerly',
        type: 'perk_provider',
        source: 'website_perks_page',
        subject: 'Perk provider submission: Ledgerly',
        message,
        resume_key: null,
      });
      const mail = await waitForMail(app.dataDir, STAFF_EMAIL, { since, timeoutMs: 20_000 });
      expect(mail.subject).toBe('Perk provider offer from Ledgerly: Perk provider submission: Ledgerly');
      expect(mail.text).toContain('Redemption instructions: Use code HARBOR20 at checkout');
    });
  });

  describe('the staff inbox (admins only)', () => {
    it('lists what visitors sent, newest first, paged on the server, and filters by kind and state', async () => {
      const email = uniqueEmail('inbox');
      const applied = await apply({ ...APPLICATION, email }, { name: 'inbox.pdf', bytes: PDF });
      await app.call('POST', '/newsletter/subscribe/', {
        json: { email: uniqueEmail('news'), source: 'website_footer' },
      });

      const page = await app.call('GET', '/inbox/?page_size=2', { token: adminToken });
      expect(page.status).toBe(200);
      expect(page.headers.get('cache-control')).toBe('no-store');
      expect(page.body.next_cursor).toEqual(expect.any(String));
      const items = page.body.items as Array<Record<string, unknown>>;
      expect(items).toHaveLength(2);
      expect(items.map((item) => item.kind)).toEqual(['newsletter_subscriber', 'job_application']);
      // The first application, the perk offer, this application and this subscriber.
      expect(page.body.total).toBe(4);
      expect(items[1]).toEqual({
        id: applied.body.id,
        source: 'messages',
        kind: 'job_application',
        received_at: expect.any(String),
        email,
        name: 'Jane Applicant',
        phone: APPLICATION.phone,
        subject: null,
        message: APPLICATION.message,
        origin: 'website_careers_page',
        position: 'Accountant (Raleigh, NC)',
        linkedin: APPLICATION.linkedin,
        resume: { file_name: 'inbox.pdf', size: PDF.length, content_type: 'application/pdf' },
        subscription_status: null,
        handled_at: null,
      });

      const perks = await app.call('GET', '/inbox/?kind=perk_submission', { token: adminToken });
      expect((perks.body.items as Array<{ kind: string }>).every((item) => item.kind === 'perk_submission')).toBe(true);
      expect(perks.body.total).toBe(1);

      const marked = await app.call('PUT', `/inbox/messages/${String(applied.body.id)}/handled`, {
        token: adminToken,
        json: { handled: true },
      });
      expect(marked.status).toBe(200);
      expect(marked.body.handled_at).toEqual(expect.any(String));
      const open = await app.call('GET', '/inbox/?state=open&page_size=100', { token: adminToken });
      expect((open.body.items as Array<{ id: string }>).map((item) => item.id)).not.toContain(applied.body.id);
      const handled = await app.call('GET', '/inbox/?state=handled', { token: adminToken });
      expect((handled.body.items as Array<{ id: string }>).map((item) => item.id)).toEqual([applied.body.id]);
      const reopened = await app.call('PUT', `/inbox/messages/${String(applied.body.id)}/handled`, {
        token: adminToken,
        json: { handled: false },
      });
      expect(reopened.body.handled_at).toBeNull();

      const unknown = await app.call('PUT', '/inbox/messages/00000000-0000-4000-8000-000000000000/handled', {
        token: adminToken,
        json: { handled: true },
      });
      expect(unknown.status).toBe(404);
      expect(unknown.body).toEqual({ detail: 'No such item in the inbox.' });
    });

    it('gives admins the resume as the applicant sent it', async () => {
      const applied = await apply(
        { ...APPLICATION, email: uniqueEmail('download') },
        { name: 'Zoë CV.pdf', bytes: PDF },
      );
      const response = await fetch(`${app.gateway.baseUrl}/api/inbox/messages/${String(applied.body.id)}/resume`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('application/pdf');
      expect(response.headers.get('content-disposition')).toBe(
        `attachment; filename="Zo? CV.pdf"; filename*=UTF-8''Zo%C3%AB%20CV.pdf`,
      );
      expect(response.headers.get('x-content-type-options')).toBe('nosniff');
      expect(Buffer.from(await response.arrayBuffer())).toEqual(PDF);
    });

    it('exports current subscribers as CSV', async () => {
      const email = uniqueEmail('csv');
      await app.call('POST', '/newsletter/subscribe/', { json: { email, source: 'website_footer' } });
      const response = await fetch(`${app.gateway.baseUrl}/api/inbox/subscribers.csv?list=newsletter`, {
        headers: { authorization: `Bearer ${adminToken}` },
      });
      expect(response.status).toBe(200);
      expect(response.headers.get('content-type')).toBe('text/csv; charset=utf-8');
      const lines = (await response.text()).trimEnd().split('\r\n');
      expect(lines[0]).toBe('email,source,subscribed_at');
      expect(lines.some((line) => line.startsWith(`${email},website_footer,`))).toBe(true);
    });

    it('answers 403 to a signed-in user who is not an admin, and 401 without a token', async () => {
      const routes: Array<[string, string, object?]> = [
        ['GET', '/inbox/'],
        ['GET', '/inbox/subscribers.csv?list=newsletter'],
        ['GET', '/inbox/messages/00000000-0000-4000-8000-000000000000/resume'],
        ['PUT', '/inbox/messages/00000000-0000-4000-8000-000000000000/handled', { handled: true }],
        ['POST', '/deadline-alerts/run', {}],
      ];
      for (const [method, path, json] of routes) {
        const forbidden = await app.call(method, path, { token: userToken, json });
        expect([path, forbidden.status]).toEqual([path, 403]);
        expect(forbidden.body).toEqual({ detail: 'You do not have permission to do this' });
        expect([path, (await app.call(method, path, { json })).status]).toEqual([path, 401]);
      }
    });
  });

  describe('afterwards', () => {
    it('sent exactly one staff mail per accepted message, and none for a refused one', async () => {
      await app.settled();
      const stored = await app.sql<{ count: number }>(`SELECT count(*)::int AS count FROM notifications.messages`);
      expect(stored[0].count).toBe(4); // three applications and a perk offer
      expect((await mailsTo(STAFF_EMAIL)).length).toBe(stored[0].count);
    });
  });
});
