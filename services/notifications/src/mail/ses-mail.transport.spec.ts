import { createServer as createHttpServer } from 'node:http';
import { createServer, Server, Socket } from 'node:net';
import {
  AccountSendingPausedException,
  ConfigurationSetDoesNotExistException,
  ConfigurationSetSendingPausedException,
  MailFromDomainNotVerifiedException,
  MessageRejected,
  SESServiceException,
} from '@aws-sdk/client-ses';
import { refusalScope, SesMailTransport } from './ses-mail.transport';

const mail = {
  from: 'Portal <no-reply@portal.test>',
  to: 'client@example.com',
  subject: 'Hello',
  text: 'Hi',
  messageId: 'm1@portal.test',
};

describe('SesMailTransport', () => {
  let server: Server;
  const sockets = new Set<Socket>();
  let endpoint: string;

  beforeAll(async () => {
    // An endpoint that takes the connection and never answers.
    server = createServer((socket) => {
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    endpoint = `http://127.0.0.1:${(server.address() as { port: number }).port}`;
    process.env.AWS_ACCESS_KEY_ID = 'test';
    process.env.AWS_SECRET_ACCESS_KEY = 'test';
  });

  afterAll(async () => {
    for (const socket of sockets) socket.destroy();
    await new Promise((resolve) => server.close(resolve));
  });

  it('gives up on a request SES never answers instead of waiting forever', async () => {
    const transport = new SesMailTransport(
      { AWS_REGION: 'us-east-1', AWS_ENDPOINT_URL: endpoint },
      { connectionMs: 200, requestMs: 200 },
    );
    try {
      await expect(transport.send(mail)).rejects.toThrow(/timeout|timed out/i);
    } finally {
      transport.onModuleDestroy();
    }
  }, 15_000);
});

describe('refusalScope (SendRawEmail errors, by the SDK’s own exception classes)', () => {
  const meta = { $metadata: {} };

  it('fails at once only what is about the message: its recipients or its content', () => {
    expect(refusalScope(new MessageRejected({ ...meta, message: 'Address blacklisted.' }))).toBe('message');
    expect(
      refusalScope(new MessageRejected({ ...meta, message: 'Message length is more than 10485760 bytes long.' })),
    ).toBe('message');
    const invalid = new SESServiceException({
      ...meta,
      name: 'InvalidParameterValue',
      $fault: 'client',
      message: 'Illegal address',
    });
    expect(refusalScope(invalid)).toBe('message');
  });

  it('holds the queue for what is about the account or the sender identity', () => {
    expect(refusalScope(new AccountSendingPausedException({ ...meta, message: 'Sending paused' }))).toBe('account');
    expect(refusalScope(new MailFromDomainNotVerifiedException({ ...meta, message: 'MAIL FROM MX not found' }))).toBe(
      'account',
    );
    expect(refusalScope(new ConfigurationSetDoesNotExistException({ ...meta, message: 'No such set' }))).toBe(
      'account',
    );
    expect(refusalScope(new ConfigurationSetSendingPausedException({ ...meta, message: 'Paused' }))).toBe('account');
    // An unverified sender, or a recipient while the account is in the sandbox.
    const unverified = new MessageRejected({
      ...meta,
      message:
        'Email address is not verified. The following identities failed the check in region US-EAST-1: no-reply@portal.test',
    });
    expect(refusalScope(unverified)).toBe('account');
    const credentials = new SESServiceException({
      ...meta,
      name: 'InvalidClientTokenId',
      $fault: 'client',
      message: 'x',
    });
    expect(refusalScope(credentials)).toBe('account');
  });

  it('waits out the daily quota without spending attempts; retries a burst over the rate as usual', () => {
    const throttling = (message: string) =>
      new SESServiceException({ ...meta, name: 'Throttling', $fault: 'client', message });
    expect(refusalScope(throttling('Daily message quota exceeded.'))).toBe('quota');
    expect(refusalScope(throttling('Maximum sending rate exceeded.'))).toBe('transient');
    expect(
      refusalScope(new SESServiceException({ ...meta, name: 'ServiceUnavailable', $fault: 'server', message: 'x' })),
    ).toBe('transient');
  });

  it('reads the error SES answers as the SDK parses it', async () => {
    // SES's own answer once the day's quota is used up (the Query API's XML error).
    const ses = createHttpServer((_request, response) => {
      response.writeHead(400, { 'content-type': 'text/xml' });
      response.end(
        '<ErrorResponse xmlns="http://ses.amazonaws.com/doc/2010-12-01/"><Error><Type>Sender</Type>' +
          '<Code>Throttling</Code><Message>Daily message quota exceeded.</Message></Error>' +
          '<RequestId>b4d1</RequestId></ErrorResponse>',
      );
    });
    await new Promise<void>((resolve) => ses.listen(0, '127.0.0.1', resolve));
    const transport = new SesMailTransport({
      AWS_REGION: 'us-east-1',
      AWS_ENDPOINT_URL: `http://127.0.0.1:${(ses.address() as { port: number }).port}`,
    });
    try {
      await expect(transport.send(mail)).rejects.toMatchObject({
        name: 'MailRejectedError',
        scope: 'quota',
        permanent: false,
        message: 'SES refused message m1@portal.test: Throttling: Daily message quota exceeded.',
      });
    } finally {
      transport.onModuleDestroy();
      await new Promise((resolve) => ses.close(resolve));
    }
  }, 15_000);
});
