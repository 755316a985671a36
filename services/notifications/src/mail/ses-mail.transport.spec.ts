import { createServer, Server, Socket } from 'node:net';
import { SesMailTransport } from './ses-mail.transport';

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
