import { Client, ClientConfig } from 'pg';

/** What a listener of one channel is told. */
export interface ChannelHandlers {
  /** A NOTIFY on the channel was committed (the payload as sent, '' for none). */
  onNotification(payload: string): void;
  /** Listening again after the connection was lost: notifications sent meanwhile were missed. */
  onReconnected?(): void;
  /** The connection was lost, or an attempt to get it back failed (the next one follows by itself). */
  onError?(error: Error): void;
}

/** Stops one listener; the channel is UNLISTENed when it was the last. */
export type Unlisten = () => Promise<void>;

const FIRST_RETRY_MS = 500;
const LAST_RETRY_MS = 30_000;

/**
 * Every LISTEN of a process on one connection of its own (a LISTEN belongs to a session,
 * and a pooled connection is handed to other work): the outbox relay's wake-ups and the
 * catalog's change announcements share it, so a process holds its pool plus this one
 * connection (and readiness's). Postgres delivers a notification when the transaction that
 * sent it commits, to every session listening in that database, whoever sent it (a
 * replica, a migration, psql). A lost connection is reopened with growing delays, every
 * channel is listened to again, and each listener hears onReconnected: what was sent
 * meanwhile was missed.
 */
export class PostgresNotifications {
  private client?: Client;
  private connecting?: Promise<Client>;
  private readonly channels = new Map<string, Set<ChannelHandlers>>();
  private retry?: NodeJS.Timeout;
  private attempt = 0;
  private closed = false;

  constructor(private readonly connection: ClientConfig) {}

  /**
   * Listens on `channel`; resolves once listening. Rejects when there is no connection and
   * opening one fails (then nothing is kept: the caller tries again when it sees fit).
   */
  async listen(channel: string, handlers: ChannelHandlers): Promise<Unlisten> {
    if (!/^[a-z_][a-z0-9_]*$/.test(channel)) throw new Error(`Unsafe channel name: ${channel}`);
    if (this.closed) throw new Error('PostgresNotifications is closed');
    let listeners = this.channels.get(channel);
    const first = !listeners;
    if (!listeners) this.channels.set(channel, (listeners = new Set()));
    listeners.add(handlers);
    try {
      const connected = this.client !== undefined;
      const client = await this.connected();
      // A new connection LISTENs to every channel it is opened for; an open one learns the new channel.
      if (connected && first) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      this.forget(channel, handlers);
      throw error;
    }
    return async () => {
      if (!this.forget(channel, handlers)) return;
      await this.client?.query(`UNLISTEN "${channel}"`).catch(() => undefined);
    };
  }

  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.retry);
    this.channels.clear();
    const client = this.client ?? (await this.connecting?.catch(() => undefined));
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  /** Removes one listener; true when its channel has none left. */
  private forget(channel: string, handlers: ChannelHandlers): boolean {
    const listeners = this.channels.get(channel);
    if (!listeners?.delete(handlers) || listeners.size > 0) return false;
    this.channels.delete(channel);
    return true;
  }

  private connected(): Promise<Client> {
    if (this.client) return Promise.resolve(this.client);
    this.connecting ??= this.open().finally(() => (this.connecting = undefined));
    return this.connecting;
  }

  private async open(): Promise<Client> {
    const client = new Client({ keepAlive: true, connectionTimeoutMillis: 10_000, ...this.connection });
    let lost = false;
    const onLost = (error: Error) => {
      if (lost) return;
      lost = true;
      if (this.client === client) this.client = undefined;
      void client.end().catch(() => undefined);
      if (this.closed || this.channels.size === 0) return;
      this.each((handlers) => handlers.onError?.(error));
      this.scheduleReconnect();
    };
    client.on('notification', (message) => {
      for (const handlers of this.channels.get(message.channel) ?? []) handlers.onNotification(message.payload ?? '');
    });
    client.on('error', onLost);
    client.on('end', () => onLost(new Error('the connection was closed')));
    try {
      await client.connect();
      for (const channel of this.channels.keys()) await client.query(`LISTEN "${channel}"`);
    } catch (error) {
      lost = true;
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end().catch(() => undefined);
      throw new Error('PostgresNotifications is closed');
    }
    this.client = client;
    this.attempt = 0;
    return client;
  }

  private each(call: (handlers: ChannelHandlers) => void): void {
    for (const listeners of [...this.channels.values()]) for (const handlers of [...listeners]) call(handlers);
  }

  private scheduleReconnect(): void {
    const delay = Math.min(LAST_RETRY_MS, FIRST_RETRY_MS * 2 ** this.attempt);
    this.attempt += 1;
    clearTimeout(this.retry);
    this.retry = setTimeout(() => void this.reconnect(), delay);
    this.retry.unref();
  }

  private async reconnect(): Promise<void> {
    if (this.closed || this.channels.size === 0) return;
    try {
      await this.connected();
    } catch (error) {
      if (this.closed) return;
      this.each((handlers) => handlers.onError?.(error as Error));
      this.scheduleReconnect();
      return;
    }
    this.each((handlers) => handlers.onReconnected?.());
  }
}
