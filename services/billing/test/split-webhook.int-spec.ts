import { FakeStripe, signatureHeader, startFakeStripe } from '@portal/fake-stripe';
import {
  createTestDatabase,
  freePort,
  RunningProcess,
  sql,
  startProcess,
  tempDataDir,
  TestDatabase,
} from '@portal/testing';
import { stripeEnv } from './billing-fixtures';

/**
 * The split topology: billing runs as a process of its own and the gateway, in proxy mode, forwards
 * /api/webhooks/stripe to it. Stripe signs the exact bytes it sends, so the proxy must pass them on
 * untouched (no JSON re-serialising, no re-encoding).
 */
describe('split mode: a Stripe webhook through the gateway', () => {
  let db: TestDatabase;
  let fake: FakeStripe;
  let billing: RunningProcess;
  let gateway: RunningProcess;
  const data = tempDataDir();

  beforeAll(async () => {
    db = await createTestDatabase([]);
    fake = await startFakeStripe();
    const common = {
      DATABASE_URL: db.url,
      REDIS_URL: process.env.REDIS_URL,
      REDIS_PREFIX: `split-billing-${Date.now().toString(36)}`,
      DATA_DIR: data.dir,
      ...stripeEnv(fake),
    };
    billing = await startProcess('billing', common);
    const nobody = `http://127.0.0.1:${await freePort()}`;
    gateway = await startProcess('gateway', {
      ...common,
      GATEWAY_MODE: 'proxy',
      BILLING_URL: billing.baseUrl,
      IDENTITY_URL: nobody,
      CATALOG_URL: nobody,
      ONBOARDING_URL: nobody,
      DOCUMENTS_URL: nobody,
      NOTIFICATIONS_URL: nobody,
    });
    fake.setWebhookUrl(`${gateway.baseUrl}/api/webhooks/stripe`);
  });

  afterAll(async () => {
    await gateway?.stop();
    await billing?.stop();
    await fake?.stop();
    await db?.drop();
    data.remove();
  });

  const storedEvent = (id: string) =>
    sql<{ type: string; processed_at: Date | null }>(
      db.url,
      'SELECT type, processed_at FROM billing.stripe_events WHERE id = $1',
      [id],
    );

  async function processed(id: string): Promise<void> {
    const deadline = Date.now() + 20_000;
    while (!(await storedEvent(id))[0]?.processed_at) {
      if (Date.now() > deadline) throw new Error(`event ${id} was not processed`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  }

  it("delivers Stripe's signed event to billing byte for byte; billing stores and processes it", async () => {
    await fake.client().customers.create({ email: 'split@example.com', name: 'Zoë Ünicode' });
    await fake.waitForWebhooks();
    const [delivery] = fake.deliveries();
    expect(delivery).toMatchObject({ type: 'customer.created', status: 200 });
    expect(JSON.parse(delivery.responseBody)).toEqual({ received: true, duplicate: false });
    await processed(delivery.eventId);
    expect((await storedEvent(delivery.eventId))[0].type).toBe('customer.created');
    // The billing process itself answered it.
    await billing.waitForLog((line) => line.url === '/api/webhooks/stripe' && line.status === 200);
  });

  it('refuses the same event once a byte changed on the way, and stores nothing', async () => {
    const event = fake.events()[0];
    const payload = JSON.stringify(event, null, 2);
    const signature = signatureHeader(payload, fake.webhookSecret);
    const send = (body: string) =>
      fetch(`${gateway.baseUrl}/api/webhooks/stripe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
        body,
      });
    const reformatted = await send(JSON.stringify(event));
    expect(reformatted.status).toBe(400);
    expect(await reformatted.json()).toEqual({ detail: 'Invalid Stripe signature.' });
    const exact = await send(payload);
    expect(exact.status).toBe(200);
    expect(await exact.json()).toEqual({ received: true, duplicate: true });
    const count = await sql<{ n: string }>(db.url, 'SELECT count(*) AS n FROM billing.stripe_events');
    expect(Number(count[0].n)).toBe(1);
  });
});
