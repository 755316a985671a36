import { GetSendQuotaCommand, SESClient, VerifyEmailIdentityCommand } from '@aws-sdk/client-ses';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@portal/config';
import { RunningMoto, startMotoServer } from '@portal/testing';
import { parseMail } from '@portal/events';
import { MailRejectedError } from '../src/mail/mail-transport';
import { SesMailTransport } from '../src/mail/ses-mail.transport';

const SENDER = 'no-reply@portal.test';

let moto: RunningMoto | undefined;
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
  // Also sets dummy AWS credentials: moto accepts any, the SDK only needs some.
  moto = await startMotoServer();
  endpoint = moto.endpoint;
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
  await moto?.stop();
});

describe('SES mail transport', () => {
  it('sends the raw MIME message from a verified sender, and logs it by its ids only', async () => {
    const logged = jest.spyOn(Logger.prototype, 'log');
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

    const lines = logged.mock.calls.map((call) => String(call[0]));
    logged.mockRestore();
    expect(lines).toEqual([`mail job-1@portal.test sent: ses=${result.id}`]);

    const quota = await ses.send(new GetSendQuotaCommand({}));
    // SES counts recipients, not messages.
    expect(quota.SentLast24Hours).toBe(2);
  });

  it('rejects an unverified sender with a clear error, about the account rather than the message', async () => {
    const sending = transport.send({
      from: 'Mallory <mallory@elsewhere.test>',
      to: 'client@example.com',
      subject: 'Not from us',
      text: 'Hello',
      messageId: 'job-2@portal.test',
    });
    await expect(sending).rejects.toThrow(MailRejectedError);
    await expect(sending).rejects.toMatchObject({
      // Every mail from this sender is refused alike until the identity is verified: the queue waits and retries.
      scope: 'account',
      permanent: false,
      message: expect.stringMatching(
        /^SES refused message job-2@portal\.test: MessageRejected: .*mallory@elsewhere\.test/,
      ),
    });
    expect(await sentMessages()).toHaveLength(1);
  });
});
