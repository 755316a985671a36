import { ChildProcess, spawn } from 'node:child_process';
import { GetSendQuotaCommand, SESClient, VerifyEmailIdentityCommand } from '@aws-sdk/client-ses';
import { loadConfig } from '@portal/config';
import { freePort } from '@portal/testing';
import { parseMail } from '@portal/events';
import { MailRejectedError } from '../src/mail/mail-transport';
import { SesMailTransport } from '../src/mail/ses-mail.transport';

const SENDER = 'no-reply@portal.test';

let moto: ChildProcess | undefined;
let endpoint: string;
let ses: SESClient;
let transport: SesMailTransport;

interface MotoRawMessage {
  id: string;
  destinations: string[];
  raw_data: string;
}

async function sentMessages(): Promise<MotoRawMessage[]> {
  const data = (await (await fetch(`${endpoint}/moto-api/data.json`)).json()) as {
    ses?: { RawMessage?: MotoRawMessage[] };
  };
  return data.ses?.RawMessage ?? [];
}

beforeAll(async () => {
  const port = await freePort();
  endpoint = `http://127.0.0.1:${port}`;
  moto = await startMoto(port);
  // Dummy credentials: moto accepts any, the SDK only needs some.
  process.env.AWS_ACCESS_KEY_ID = 'test';
  process.env.AWS_SECRET_ACCESS_KEY = 'test';
  delete process.env.AWS_SESSION_TOKEN;
  delete process.env.AWS_PROFILE;
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    JWT_SECRET: 'a-test-secret-that-is-long-enough-for-hs256',
    MAIL_TRANSPORT: 'ses',
    AWS_REGION: 'us-east-1',
    AWS_ENDPOINT_URL: endpoint,
  });
  ses = new SESClient({ region: config.AWS_REGION, endpoint });
  transport = new SesMailTransport(config);
  await ses.send(new VerifyEmailIdentityCommand({ EmailAddress: SENDER }));
});

afterAll(async () => {
  transport?.onModuleDestroy();
  ses?.destroy();
  await stopMoto();
});

describe('SES mail transport', () => {
  it('sends the raw MIME message from a verified sender', async () => {
    const result = await transport.send({
      from: `Portal <${SENDER}>`,
      to: ['client@example.com', 'partner@example.com'],
      subject: 'Your receipt',
      text: 'Thank you for your payment.\n\nhttps://portal.test/profile/purchase-history',
      messageId: 'job-1@portal.test',
    });

    const sent = await sentMessages();
    expect(sent).toHaveLength(1);
    expect(result.id).toBe(sent[0].id);
    expect(sent[0].destinations).toEqual(['client@example.com', 'partner@example.com']);
    const mail = await parseMail(sent[0].raw_data);
    expect(mail.from).toBe(`"Portal" <${SENDER}>`);
    expect(mail.to).toEqual(['client@example.com', 'partner@example.com']);
    expect(mail.subject).toBe('Your receipt');
    expect(mail.messageId).toBe('job-1@portal.test');
    expect(mail.text).toBe('Thank you for your payment.\n\nhttps://portal.test/profile/purchase-history');
    expect(mail.html).toContain('<a href="https://portal.test/profile/purchase-history">');

    const quota = await ses.send(new GetSendQuotaCommand({}));
    // SES counts recipients, not messages.
    expect(quota.SentLast24Hours).toBe(2);
  });

  it('rejects an unverified sender with a clear, permanent error', async () => {
    const sending = transport.send({
      from: 'Mallory <mallory@elsewhere.test>',
      to: 'client@example.com',
      subject: 'Not from us',
      text: 'Hello',
      messageId: 'job-2@portal.test',
    });
    await expect(sending).rejects.toThrow(MailRejectedError);
    await expect(sending).rejects.toMatchObject({
      permanent: true,
      message: expect.stringMatching(
        /^SES refused the message from Mallory <mallory@elsewhere\.test> to client@example\.com: MessageRejected: .*mallory@elsewhere\.test/,
      ),
    });
    expect(await sentMessages()).toHaveLength(1);
  });
});

const INSTALL_HINT =
  'moto_server (the AWS emulator the SES tests run against) is required: install it with ' +
  '`pip install "moto[server]"` (or `pipx install "moto[server]"`) so that `moto_server` is on PATH';

async function startMoto(port: number): Promise<ChildProcess> {
  const child = spawn('moto_server', ['-H', '127.0.0.1', '-p', String(port)], { stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const spawnError = new Promise<Error>((resolve) => child.once('error', resolve));
  const deadline = Date.now() + 20_000;
  for (;;) {
    const failed = await Promise.race([
      spawnError,
      new Promise<undefined>((resolve) => setTimeout(() => resolve(undefined), 100)),
    ]);
    if (failed) {
      throw new Error(
        (failed as NodeJS.ErrnoException).code === 'ENOENT' ? INSTALL_HINT : `moto_server: ${failed.message}`,
      );
    }
    if (child.exitCode !== null) throw new Error(`moto_server exited with ${child.exitCode}:\n${output}`);
    const up = await fetch(`http://127.0.0.1:${port}/moto-api/data.json`).then(
      (response) => response.ok,
      () => false,
    );
    if (up) return child;
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`moto_server did not answer on port ${port} within 20 s:\n${output}`);
    }
  }
}

async function stopMoto(): Promise<void> {
  const child = moto;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  await new Promise<void>((resolve) => {
    const timer = setTimeout(() => child.kill('SIGKILL'), 5000);
    child.once('exit', () => {
      clearTimeout(timer);
      resolve();
    });
    child.kill('SIGTERM');
  });
}
