import { Client } from 'pg';

export interface NotificationListenerOptions {
  url: string;
  /** The channel: a lower-case Postgres identifier. */
  channel: string;
  /** Shown in pg_stat_activity. */
  applicationName: string;
  /** A NOTIFY on the channel was committed (the payload as sent, '' for none). */
  onNotification(payload: string): void;
  /** Listening again after the connection was lost: notifications sent meanwhile were missed. */
  onReconnected(): void;
  /** The connection was lost, or an attempt to get it back failed (the next one follows by itself). */
  onError(error: Error): void;
}

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * LISTEN on one channel over a connection of its own: a LISTEN belongs to a session, and a
 * pooled connection is handed to other work. Postgres delivers a notification when the
 * transaction that sent it commits, to every session listening in that database, whoever
 * sent it (a replica, a migration, psql). A lost connection is reopened with growing
 * delays; then onReconnected says that notifications may have been missed.
 */
export class NotificationListener {
  private client?: Client;
  private retry?: NodeJS.Timeout;
  private attempt = 0;
  private closed = false;

  private constructor(private readonly options: NotificationListenerOptions) {
    if (!/^[a-z_][a-z0-9_]*$/.test(options.channel)) throw new Error(`Unsafe channel name: ${options.channel}`);
  }

  /** Resolves once listening; rejects when the first connection fails (the database is required at start). */
  static async start(options: NotificationListenerOptions): Promise<NotificationListener> {
    const listener = new NotificationListener(options);
    await listener.connect();
    return listener;
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    const client = new Client({
      connectionString: this.options.url,
      application_name: this.options.applicationName,
      keepAlive: true,
      connectionTimeoutMillis: 10_000,
    });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.closed) return;
      this.options.onError(error);
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      if (message.channel === this.options.channel) this.options.onNotification(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the connection was closed')));
    try {
      await client.connect();
      await client.query(`LISTEN "${this.options.channel}"`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    this.client = client;
    this.attempt = 0;
  }

  private scheduleReconnect(): void {
    const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempt);
    this.attempt += 1;
    this.retry = setTimeout(() => void this.reconnect(), delay);
    this.retry.unref();
  }

  private async reconnect(): Promise<void> {
    try {
      await this.connect();
    } catch (error) {
      if (this.closed) return;
      this.options.onError(error as Error);
      this.scheduleReconnect();
      return;
    }
    if (this.closed) await this.close();
    else this.options.onReconnected();
  }
}
