import { Inject, Injectable, Logger, OnModuleDestroy, OnModuleInit, Optional } from '@nestjs/common';
import { PostgresNotifications, Unlisten } from '@portal/database';
import { FormsService } from '../forms/forms.service';
import { MenuService } from '../menu/menu.service';
import { PagesService } from '../pages/pages.service';
import { ServicesService } from '../services/services.service';
import { CatalogSnapshot } from './catalog-snapshot';

/** Where the content tables' trigger announces each committed change (migration NotifyCatalogChanges). */
export const CATALOG_CHANNEL = 'catalog_changed';

/** After a failed reload (the database away), the next try: the change it was for is not announced again. */
const RETRY_AFTER_FAILURE_MS = 5_000;
const MAX_REASONS_LOGGED = 20;

interface Waiter {
  ticket: number;
  resolve(): void;
  reject(error: Error): void;
}

/**
 * The catalog, in memory: every public read is answered from the current CatalogSnapshot
 * (ready bytes, ETags and compressed variants), with no database or Redis round trip.
 *
 * How a change reaches every replica: each process LISTENs on `catalog_changed`, which a
 * statement trigger on every content table NOTIFYs when a transaction that changed it
 * commits, and then reads the catalog again. Chosen over the alternatives because it
 * catches every writer — an admin edit in any replica, a content migration or seed run
 * beside running replicas, a fix made with psql — without a convention anyone can forget,
 * and costs nothing per request: a version row would need a query per request (or
 * polling), and a Redis pub/sub message would miss any change made outside the app. It
 * listens on the process's one listening connection (PostgresNotifications). A process that loses that connection keeps serving what it has, reconnects, and
 * reads everything again (what was announced meanwhile is lost). A change made with
 * triggers off is announced by hand: `NOTIFY catalog_changed, 'what was changed'`.
 *
 * Reads are coalesced: one load at a time; requests that come during a load (a burst of
 * notifications) are served by a single load after it, which reads what they committed.
 */
@Injectable()
export class CatalogStore implements OnModuleInit, OnModuleDestroy {
  private readonly logger = new Logger(CatalogStore.name);
  private snapshot: CatalogSnapshot | undefined;
  private unlisten: Unlisten | undefined;
  private retry: NodeJS.Timeout | undefined;

  /** Refresh requests so far, the last one the live snapshot covers, and why the next load runs. */
  private requested = 0;
  private covered = 0;
  private reasons: string[] = [];
  private waiters: Waiter[] = [];
  private loading = false;

  constructor(
    private readonly menu: MenuService,
    private readonly pages: PagesService,
    private readonly services: ServicesService,
    private readonly forms: FormsService,
    @Optional() @Inject(PostgresNotifications) private readonly notifications?: PostgresNotifications | null,
  ) {}

  /** What every read answers from; loaded before the process takes requests. */
  get current(): CatalogSnapshot {
    if (!this.snapshot) throw new Error('The catalog is not loaded yet');
    return this.snapshot;
  }

  async onModuleInit(): Promise<void> {
    // Listen first, then read: a change committed in between is announced, not lost.
    if (this.notifications) {
      this.unlisten = await this.notifications.listen(CATALOG_CHANNEL, {
        onNotification: (payload) => void this.refreshQuietly(`change announced: ${payload || 'no detail'}`),
        onReconnected: () => void this.refreshQuietly('listening again after a lost connection'),
        onError: (error) =>
          this.logger.warn(`catalog change notifications interrupted, reconnecting: ${error.message}`),
      });
    }
    await this.refresh('start');
  }

  async onModuleDestroy(): Promise<void> {
    clearTimeout(this.retry);
    await this.unlisten?.();
  }

  /**
   * Reads the catalog again; resolves once a snapshot read after this call serves every
   * request. What changes the catalog in this process (an admin edit) calls it after its
   * commit, so its own next answer shows the change; the other processes hear the trigger.
   */
  refresh(reason: string): Promise<void> {
    const ticket = ++this.requested;
    this.reasons.push(reason);
    const done = new Promise<void>((resolve, reject) => this.waiters.push({ ticket, resolve, reject }));
    if (!this.loading) void this.drain();
    return done;
  }

  private async refreshQuietly(reason: string): Promise<void> {
    // A failure is logged and retried by drain(); nobody waits for this one.
    await this.refresh(reason).catch(() => undefined);
  }

  private async drain(): Promise<void> {
    this.loading = true;
    try {
      while (this.covered < this.requested) {
        const upTo = this.requested;
        const reasons = this.reasons.splice(0);
        try {
          await this.load(reasons);
          this.covered = upTo;
          this.settle(upTo);
        } catch (error) {
          this.logger.error(`the catalog could not be read again (${reasons.join('; ')}): ${(error as Error).message}`);
          this.settle(upTo, error as Error);
          this.covered = upTo;
          // Serving goes on from the last snapshot; without a later try the change would stay unseen.
          if (this.snapshot) this.scheduleRetry(reasons);
        }
      }
    } finally {
      this.loading = false;
    }
  }

  private async load(reasons: string[]): Promise<void> {
    const started = performance.now();
    const [menu, pages, services, categories, forms] = await Promise.all([
      this.menu.list(),
      this.pages.list(),
      this.services.list(),
      this.services.categoryAttributes(),
      this.forms.list(),
    ]);
    this.snapshot = await CatalogSnapshot.build({ menu, pages, services, categories, forms });
    this.logger.log({
      msg: 'catalog loaded',
      // A burst of changes is one load: name the first few.
      reasons: reasons.slice(0, MAX_REASONS_LOGGED),
      changes: reasons.length,
      ms: Math.round(performance.now() - started),
    });
  }

  private settle(upTo: number, error?: Error): void {
    const waiting = this.waiters.filter((waiter) => waiter.ticket <= upTo);
    this.waiters = this.waiters.filter((waiter) => waiter.ticket > upTo);
    for (const waiter of waiting) {
      if (error) waiter.reject(error);
      else waiter.resolve();
    }
  }

  private scheduleRetry(reasons: string[]): void {
    clearTimeout(this.retry);
    this.retry = setTimeout(
      () => void this.refreshQuietly(`retry after a failed read (${reasons.join('; ')})`),
      RETRY_AFTER_FAILURE_MS,
    );
    this.retry.unref();
  }
}
