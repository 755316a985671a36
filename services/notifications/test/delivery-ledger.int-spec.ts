import { DataSource } from 'typeorm';
import { serviceDataSourceOptions } from '@portal/database';
import { createTestDatabase, TestDatabase } from '@portal/testing';
import { DeliveryLedger } from '../src/mail/delivery-ledger';
import { NOTIFICATIONS_DATA } from '../src/notifications.data';

let db: TestDatabase;
let dataSource: DataSource;
/** A second process's view of the table: sees committed rows only. */
let other: DataSource;
let claimsInserted: number;

beforeAll(async () => {
  db = await createTestDatabase([NOTIFICATIONS_DATA]);
  dataSource = await new DataSource(serviceDataSourceOptions(NOTIFICATIONS_DATA, db.url)).initialize();
  other = await new DataSource(serviceDataSourceOptions(NOTIFICATIONS_DATA, db.url)).initialize();
});

afterAll(async () => {
  await other?.destroy();
  await dataSource?.destroy();
  await db?.drop();
});

beforeEach(async () => {
  await dataSource.query('DELETE FROM mail_deliveries');
  claimsInserted = 0;
  const createQueryRunner = DataSource.prototype.createQueryRunner;
  jest.spyOn(dataSource, 'createQueryRunner').mockImplementation(function (this: DataSource, ...args) {
    const runner = createQueryRunner.apply(this, args);
    const query = runner.query.bind(runner);
    runner.query = ((sql: string, ...rest: unknown[]) => {
      if (sql.includes('INSERT INTO mail_deliveries')) claimsInserted++;
      return (query as (...all: unknown[]) => Promise<unknown>)(sql, ...rest);
    }) as typeof runner.query;
    return runner;
  });
});

afterEach(() => jest.restoreAllMocks());

const committed = async () =>
  (
    (await other.query(
      'SELECT job_id, message_id, transport, provider_id FROM mail_deliveries ORDER BY job_id',
    )) as Record<string, string>[]
  ).map((row) => ({ ...row }));

/** A send the test finishes when it wants. */
function pendingSend(id: string) {
  let finish!: () => void;
  let fail!: (error: Error) => void;
  const sent = new Promise<string>((resolve, reject) => {
    finish = () => resolve(`provider-${id}`);
    fail = reject;
  });
  return { send: jest.fn(() => sent), finish, fail };
}

describe('DeliveryLedger', () => {
  it('claims the mails sent together in one statement and commits them once all are sent', async () => {
    const ledger = new DeliveryLedger(dataSource, 'file');
    const sends = ['a', 'b', 'c'].map((id) => ({ id, ...pendingSend(id) }));
    const results = sends.map(({ id, send }) => ledger.deliver(`job-${id}`, `job-${id}@portal.test`, send));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sends.every(({ send }) => send.mock.calls.length === 1)).toBe(true);
    expect(claimsInserted).toBe(1);

    // Sent but not committed: nobody else sees the claims yet, and the first is not done.
    sends[0].finish();
    sends[1].finish();
    let firstDone = false;
    void results[0].then(() => (firstDone = true));
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(firstDone).toBe(false);
    expect(await committed()).toEqual([]);

    sends[2].finish();
    expect(await Promise.all(results)).toEqual(['provider-a', 'provider-b', 'provider-c']);
    expect(await committed()).toEqual(
      ['a', 'b', 'c'].map((id) => ({
        job_id: `job-${id}`,
        message_id: `job-${id}@portal.test`,
        transport: 'file',
        provider_id: `provider-${id}`,
      })),
    );
  });

  it('leaves no claim for a failed send, rejects with its error, and commits the rest of the batch', async () => {
    const ledger = new DeliveryLedger(dataSource, 'ses');
    const good = pendingSend('good');
    const bad = pendingSend('bad');
    const delivered = ledger.deliver('job-good', 'job-good@portal.test', good.send);
    const failed = ledger.deliver('job-bad', 'job-bad@portal.test', bad.send);
    await new Promise((resolve) => setTimeout(resolve, 50));
    bad.fail(new Error('SES said no'));
    good.finish();
    await expect(failed).rejects.toThrow('SES said no');
    await expect(delivered).resolves.toBe('provider-good');
    expect((await committed()).map((row) => row.job_id)).toEqual(['job-good']);

    // The retry of the failed job claims it afresh and sends.
    const retry = jest.fn(async () => 'provider-bad');
    await expect(ledger.deliver('job-bad', 'job-bad@portal.test', retry)).resolves.toBe('provider-bad');
    expect(retry).toHaveBeenCalledTimes(1);
  });

  it('skips a job delivered before without sending it', async () => {
    const ledger = new DeliveryLedger(dataSource, 'file');
    await ledger.deliver('job-once', 'job-once@portal.test', async () => 'first');
    const again = jest.fn(async () => 'second');
    await expect(ledger.deliver('job-once', 'job-once@portal.test', again)).resolves.toBeNull();
    expect(again).not.toHaveBeenCalled();
    expect(await committed()).toEqual([
      { job_id: 'job-once', message_id: 'job-once@portal.test', transport: 'file', provider_id: 'first' },
    ]);
  });

  it('makes a concurrent duplicate in another process wait on the claim, then skip it once committed', async () => {
    const first = new DeliveryLedger(dataSource, 'file');
    const second = new DeliveryLedger(other, 'file');
    const original = pendingSend('dup');
    const delivered = first.deliver('job-dup', 'job-dup@portal.test', original.send);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(original.send).toHaveBeenCalledTimes(1);

    const duplicateSend = jest.fn(async () => 'copy');
    let duplicateSettled = false;
    const duplicate = second.deliver('job-dup', 'job-dup@portal.test', duplicateSend).finally(() => {
      duplicateSettled = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(duplicateSettled).toBe(false);

    original.finish();
    await expect(delivered).resolves.toBe('provider-dup');
    await expect(duplicate).resolves.toBeNull();
    expect(duplicateSend).not.toHaveBeenCalled();
  });

  it('sends a job taken twice at once by the same process once (a stalled job taken again), the other skipped', async () => {
    const ledger = new DeliveryLedger(dataSource, 'file');
    const original = pendingSend('twice');
    const copy = jest.fn(async () => 'copy');
    const delivered = ledger.deliver('job-twice', 'job-twice@portal.test', original.send);
    const duplicate = ledger.deliver('job-twice', 'job-twice@portal.test', copy);
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(original.send).toHaveBeenCalledTimes(1);

    original.finish();
    await expect(delivered).resolves.toBe('provider-twice');
    await expect(duplicate).resolves.toBeNull();
    expect(copy).not.toHaveBeenCalled();
    expect((await committed()).map((row) => row.provider_id)).toEqual(['provider-twice']);
  });

  it.each([
    {
      where: 'the same process (taken at once)',
      ledgers: () => {
        const ledger = new DeliveryLedger(dataSource, 'file');
        return [ledger, ledger];
      },
      apartMs: 0,
    },
    {
      where: 'another process',
      ledgers: () => [new DeliveryLedger(dataSource, 'file'), new DeliveryLedger(other, 'file')],
      apartMs: 50,
    },
  ])(
    'lets a concurrent duplicate in $where claim and send once the first send failed',
    async ({ ledgers, apartMs }) => {
      const [first, second] = ledgers();
      const original = pendingSend('lost');
      const failed = first.deliver('job-lost', 'job-lost@portal.test', original.send);
      await new Promise((resolve) => setTimeout(resolve, apartMs));
      const duplicate = second.deliver('job-lost', 'job-lost@portal.test', async () => 'second-try');
      await new Promise((resolve) => setTimeout(resolve, 50));
      original.fail(new Error('connection reset'));
      await expect(failed).rejects.toThrow('connection reset');
      await expect(duplicate).resolves.toBe('second-try');
      expect((await committed()).map((row) => row.provider_id)).toEqual(['second-try']);
    },
  );

  it('takes the claims that arrive while a batch is being opened into the next one', async () => {
    const ledger = new DeliveryLedger(dataSource, 'file', 2);
    const ids = ['p', 'q', 'r', 's', 't'];
    const results = await Promise.all(
      ids.map((id) => ledger.deliver(`job-${id}`, `job-${id}@portal.test`, async () => `provider-${id}`)),
    );
    expect(results).toEqual(ids.map((id) => `provider-${id}`));
    // At most two claims per statement: three statements for five mails.
    expect(claimsInserted).toBe(3);
    expect(await committed()).toHaveLength(5);
  });

  it('keeps at most the given number of transactions open, whatever the sends take', async () => {
    const ledger = new DeliveryLedger(dataSource, 'file', 1, 2);
    const sends = ['x', 'y', 'z'].map((id) => pendingSend(id));
    const results = sends.map((pending, index) =>
      ledger.deliver(`job-${index}`, `job-${index}@portal.test`, pending.send),
    );
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sends.map(({ send }) => send.mock.calls.length)).toEqual([1, 1, 0]);

    sends[0].finish();
    await results[0];
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(sends[2].send).toHaveBeenCalledTimes(1);
    sends[1].finish();
    sends[2].finish();
    expect(await Promise.all(results)).toEqual(['provider-x', 'provider-y', 'provider-z']);
  });
});
