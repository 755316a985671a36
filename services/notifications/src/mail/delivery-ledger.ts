import { DataSource, QueryRunner } from 'typeorm';

/** Sends the message; resolves with the transport's id of it. It must settle (transports have timeouts). */
type Send = () => Promise<string>;

interface Waiting {
  jobId: string;
  messageId: string;
  joined: (batch: Batch, claimed: boolean) => void;
  failed: (error: unknown) => void;
}

/**
 * The mail_deliveries claims of the mails a worker sends at once, in one transaction:
 * claimed together (one INSERT), kept uncommitted while their messages are sent, then
 * the transport ids written, the failed sends' claims deleted, and committed together.
 * Four statements per batch instead of per mail. The guarantees are those of one
 * transaction per mail: a job id delivered before is skipped; a concurrent duplicate's
 * INSERT waits on the uncommitted claim (and skips once it commits, claims once it is
 * deleted); a crash before the COMMIT leaves no claim, so the retry sends again (same
 * Message-ID). A job completes only after its claim is committed, so a batch lasts as long as
 * its slowest send.
 */
export class DeliveryLedger {
  private waiting: Waiting[] = [];
  private opening = false;
  /** Batches holding a connection, from their INSERT to their COMMIT. */
  private openBatches = 0;

  constructor(
    private readonly dataSource: DataSource,
    private readonly transport: string,
    /** Claims per transaction at most. */
    private readonly maxBatch = 100,
    /**
     * Transactions open at once at most: each holds a pooled connection while its mails are
     * sent, and slow sends must not take the pool from the rest of the process.
     */
    private readonly maxOpenBatches = 2,
  ) {}

  /**
   * Claims `jobId`, runs `send` if the claim is new, and resolves with its id once the
   * delivery is committed — or null without sending when the job was delivered before.
   * A failed send (or a failed COMMIT) rejects, and leaves no claim behind.
   */
  async deliver(jobId: string, messageId: string, send: Send): Promise<string | null> {
    const { batch, claimed } = await new Promise<{ batch: Batch; claimed: boolean }>((resolve, reject) => {
      this.waiting.push({ jobId, messageId, joined: (batch, claimed) => resolve({ batch, claimed }), failed: reject });
      this.openSoon();
    });
    if (!claimed) return null;
    let providerId: string;
    try {
      providerId = await send();
    } catch (error) {
      // The send's error is the job's, whatever becomes of the rest of the batch.
      await batch.settle(jobId, { error }).catch(() => undefined);
      throw error;
    }
    await batch.settle(jobId, { providerId });
    return providerId;
  }

  /**
   * One batch is being opened at a time, and at most maxOpenBatches are open: the claims
   * that arrive meanwhile (the jobs the worker takes on as others finish) wait and go
   * together in the next one.
   */
  private openSoon(): void {
    if (this.opening || this.openBatches >= this.maxOpenBatches || this.waiting.length === 0) return;
    this.opening = true;
    this.openBatches++;
    setImmediate(() => {
      void this.open().then(({ ended }) => {
        this.opening = false;
        this.openSoon();
        void ended.then(() => {
          this.openBatches--;
          this.openSoon();
        });
      });
    });
  }

  /**
   * The next batch's members: up to maxBatch waiting mails, each job once. A job taken again
   * while its first claim waits here (a stalled job the same process picks up again) stays
   * for a later batch, whose INSERT waits on the first claim and skips it once committed.
   */
  private takeWaiting(): Waiting[] {
    const taken = new Map<string, Waiting>();
    const left: Waiting[] = [];
    for (const member of this.waiting) {
      if (taken.size < this.maxBatch && !taken.has(member.jobId)) taken.set(member.jobId, member);
      else left.push(member);
    }
    this.waiting = left;
    return [...taken.values()];
  }

  /** Claims the waiting mails (never rejects: a failure is theirs); `ended` settles with the transaction. */
  private async open(): Promise<{ ended: Promise<unknown> }> {
    const members = this.takeWaiting();
    // Claimed in one order everywhere, so two batches cannot wait on each other's claims.
    members.sort((a, b) => (a.jobId < b.jobId ? -1 : a.jobId > b.jobId ? 1 : 0));
    let runner: QueryRunner | undefined;
    let claimedIds: Set<string>;
    try {
      runner = this.dataSource.createQueryRunner();
      await runner.connect();
      await runner.startTransaction();
      const rows = (await runner.query(
        `INSERT INTO mail_deliveries (job_id, message_id, transport)
         SELECT job_id, message_id, $3 FROM unnest($1::text[], $2::text[]) AS claim(job_id, message_id)
         ON CONFLICT (job_id) DO NOTHING RETURNING job_id`,
        [members.map((member) => member.jobId), members.map((member) => member.messageId), this.transport],
      )) as { job_id: string }[];
      claimedIds = new Set(rows.map((row) => row.job_id));
    } catch (error) {
      if (runner) await finish(runner, 'ROLLBACK').catch(() => undefined);
      for (const member of members) member.failed(error);
      return { ended: Promise.resolve() };
    }
    const batch = new Batch(runner, claimedIds);
    for (const member of members) member.joined(batch, claimedIds.has(member.jobId));
    return { ended: batch.ended };
  }
}

type Outcome = { providerId: string } | { error: unknown };

/** An open transaction holding claims; committed when every claimed mail's send has settled. */
class Batch {
  private readonly outcomes = new Map<string, Outcome>();
  private readonly done: Promise<void>;
  private allSettled!: () => void;
  /** Settles when the transaction has ended, committed or not. */
  readonly ended: Promise<unknown>;

  constructor(
    private readonly runner: QueryRunner,
    private readonly claimed: Set<string>,
  ) {
    this.done = new Promise<void>((resolve) => (this.allSettled = resolve)).then(() => this.commit());
    // Awaited by every claimed mail; a batch of skipped ones only has nobody to tell.
    this.ended = this.done.catch(() => undefined);
    if (claimed.size === 0) this.allSettled();
  }

  /** Records one claimed mail's outcome; resolves once the batch is committed. */
  settle(jobId: string, outcome: Outcome): Promise<void> {
    this.outcomes.set(jobId, outcome);
    if (this.outcomes.size === this.claimed.size) this.allSettled();
    return this.done;
  }

  private async commit(): Promise<void> {
    const sent: [string, string][] = [];
    const failed: string[] = [];
    for (const [jobId, outcome] of this.outcomes) {
      if ('providerId' in outcome) sent.push([jobId, outcome.providerId]);
      else failed.push(jobId);
    }
    try {
      if (sent.length > 0) {
        await this.runner.query(
          `UPDATE mail_deliveries SET provider_id = sent.provider_id
           FROM unnest($1::text[], $2::text[]) AS sent(job_id, provider_id)
           WHERE mail_deliveries.job_id = sent.job_id`,
          [sent.map(([jobId]) => jobId), sent.map(([, providerId]) => providerId)],
        );
      }
      if (failed.length > 0) {
        await this.runner.query(`DELETE FROM mail_deliveries WHERE job_id = ANY($1::text[])`, [failed]);
      }
    } catch (error) {
      await finish(this.runner, 'ROLLBACK').catch(() => undefined);
      throw error;
    }
    await finish(this.runner, 'COMMIT');
  }
}

async function finish(runner: QueryRunner, how: 'COMMIT' | 'ROLLBACK'): Promise<void> {
  try {
    if (runner.isTransactionActive) {
      if (how === 'COMMIT') await runner.commitTransaction();
      else await runner.rollbackTransaction();
    }
  } finally {
    await runner.release();
  }
}
