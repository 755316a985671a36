import { Readable } from 'node:stream';
import { Injectable, Logger, NotFoundException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import {
  INBOX_SOURCES,
  type InboxItemReply,
  type InboxKind,
  type InboxPageReply,
  type InboxQuery,
  type InboxSource,
  type SubscriberList,
} from '@portal/contracts';
import { csvLine, KeysetOrder, positionOf, readCursorPage, type KeysetPosition } from '@portal/http';
import { FileNotFoundError, FileStorage, type FileDownload } from '@portal/storage';
import { DataSource } from 'typeorm';

export const INBOX_MESSAGES = {
  notFound: 'No such item in the inbox.',
  noResume: 'This message has no resume.',
  resumeMissing: 'The resume file is no longer in storage.',
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Everything visitors send, as one list: messages (by kind), newsletter and deadline-alert
 * subscribers. Subscribers are dated by their latest sign-up, so someone who subscribes again shows
 * up as new.
 */
const ITEMS = `
  SELECT 'messages' AS source, id,
         CASE type WHEN 'job_application' THEN 'job_application'
                   WHEN 'perk_provider' THEN 'perk_submission'
                   WHEN 'book_call' THEN 'book_call'
                   ELSE 'contact_message' END AS kind,
         created_at AS received_at, email, name, phone, subject, message, source AS origin, position, linkedin,
         resume_file_name, resume_size, resume_content_type, NULL::text AS subscription_status, handled_at
    FROM messages
  UNION ALL
  SELECT 'newsletter', id, 'newsletter_subscriber', subscribed_at, email, NULL, NULL, NULL, NULL, source, NULL, NULL,
         NULL, NULL, NULL, status, handled_at
    FROM newsletter_subscriptions
  UNION ALL
  SELECT 'deadline-alerts', id, 'deadline_subscriber', subscribed_at, email, NULL, NULL, NULL, NULL, NULL, NULL, NULL,
         NULL, NULL, NULL, status, handled_at
    FROM deadline_subscriptions`;

interface ItemRow {
  source: InboxSource;
  id: string;
  kind: InboxKind;
  received_at: Date;
  email: string;
  name: string | null;
  phone: string | null;
  subject: string | null;
  message: string | null;
  origin: string | null;
  position: string | null;
  linkedin: string | null;
  resume_file_name: string | null;
  resume_size: number | null;
  resume_content_type: string | null;
  subscription_status: 'subscribed' | 'unsubscribed' | null;
  handled_at: Date | null;
  keyset_at: string;
}

function toItem(row: ItemRow): InboxItemReply {
  return {
    id: row.id,
    source: row.source,
    kind: row.kind,
    received_at: row.received_at.toISOString(),
    email: row.email,
    name: row.name,
    phone: row.phone,
    subject: row.subject,
    message: row.message,
    origin: row.origin,
    position: row.position,
    linkedin: row.linkedin,
    resume:
      row.resume_file_name && row.resume_size !== null && row.resume_content_type
        ? { file_name: row.resume_file_name, size: row.resume_size, content_type: row.resume_content_type }
        : null,
    subscription_status: row.subscription_status,
    handled_at: row.handled_at?.toISOString() ?? null,
  };
}

/** The table of each source, and whether it records who marked an item. */
const TABLES: Record<InboxSource, { table: string; by: boolean }> = {
  messages: { table: 'messages', by: true },
  newsletter: { table: 'newsletter_subscriptions', by: false },
  'deadline-alerts': { table: 'deadline_subscriptions', by: false },
};

const EXPORT_BATCH = 1000;

/** The inbox's order (the indexes on (timestamp DESC, id DESC) of each source serve it). */
const NEWEST_FIRST = new KeysetOrder('received_at', 'id', 'DESC');
const OLDEST_SUBSCRIBER_FIRST = new KeysetOrder('subscribed_at', 'id', 'ASC');

/** Where each kind is stored. */
const KIND_SOURCES: Record<InboxKind, InboxSource> = {
  contact_message: 'messages',
  book_call: 'messages',
  job_application: 'messages',
  perk_submission: 'messages',
  newsletter_subscriber: 'newsletter',
  deadline_subscriber: 'deadline-alerts',
};

function isInboxSource(value: string): value is InboxSource {
  return (INBOX_SOURCES as readonly string[]).includes(value);
}

/** The staff inbox (admins only): reads, handled marks, resume downloads and subscriber exports. */
@Injectable()
export class InboxService {
  private readonly logger = new Logger(InboxService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly storage: FileStorage,
  ) {}

  /**
   * A page of the inbox, newest first, by keyset: the page after `before` (see KeysetOrder), so items
   * marked handled under the Open filter meanwhile do not hide the ones below them.
   */
  async list(query: InboxQuery): Promise<InboxPageReply> {
    const conditions: string[] = [];
    const values: unknown[] = [];
    if (query.kind) {
      // The source too: a constant of each branch of ITEMS, so the branches of other sources are not read.
      values.push(query.kind, KIND_SOURCES[query.kind]);
      conditions.push(`kind = $${values.length - 1}`, `source = $${values.length}`);
    }
    if (query.state === 'open') conditions.push('handled_at IS NULL');
    if (query.state === 'handled') conditions.push('handled_at IS NOT NULL');
    const page = await readCursorPage<ItemRow>(
      this.dataSource,
      { from: `(${ITEMS}) items`, conditions, values },
      NEWEST_FIRST,
      query,
    );
    return { items: page.rows.map(toItem), total: page.total, next_cursor: page.nextCursor };
  }

  private async item(source: InboxSource, id: string): Promise<InboxItemReply> {
    const [row] = (await this.dataSource.query(`SELECT * FROM (${ITEMS}) items WHERE source = $1 AND id = $2`, [
      source,
      id,
    ])) as ItemRow[];
    if (!row) throw new NotFoundException({ detail: INBOX_MESSAGES.notFound });
    return toItem(row);
  }

  /** Handled (keeps the first time it was marked) or open again. */
  async markHandled(source: string, id: string, handled: boolean, adminId: string): Promise<InboxItemReply> {
    if (!isInboxSource(source) || !UUID.test(id)) throw new NotFoundException({ detail: INBOX_MESSAGES.notFound });
    const { table, by } = TABLES[source];
    const set = handled
      ? `handled_at = coalesce(handled_at, now())${by ? ', handled_by = coalesce(handled_by, $2::uuid)' : ''}`
      : `handled_at = NULL${by ? ', handled_by = NULL' : ''}`;
    const [rows] = (await this.dataSource.query(
      `UPDATE ${table} SET ${set} WHERE id = $1 RETURNING id`,
      by && handled ? [id, adminId] : [id],
    )) as [unknown[], number];
    if (!rows.length) throw new NotFoundException({ detail: INBOX_MESSAGES.notFound });
    this.logger.log(`inbox ${source} ${id} marked ${handled ? 'handled' : 'open'} by ${adminId}`);
    return this.item(source, id);
  }

  /** A job application's resume, streamed from storage, with the name the applicant gave it. */
  async resume(messageId: string): Promise<FileDownload & { fileName: string }> {
    if (!UUID.test(messageId)) throw new NotFoundException({ detail: INBOX_MESSAGES.notFound });
    const [row] = (await this.dataSource.query(
      `SELECT resume_key, resume_file_name, resume_content_type FROM messages WHERE id = $1`,
      [messageId],
    )) as Array<{ resume_key: string | null; resume_file_name: string | null; resume_content_type: string | null }>;
    if (!row) throw new NotFoundException({ detail: INBOX_MESSAGES.notFound });
    if (!row.resume_key || !row.resume_file_name) throw new NotFoundException({ detail: INBOX_MESSAGES.noResume });
    try {
      const download = await this.storage.get(row.resume_key);
      // The type checked at upload, whatever the storage says.
      return {
        ...download,
        contentType: row.resume_content_type ?? download.contentType,
        fileName: row.resume_file_name,
      };
    } catch (error) {
      if (error instanceof FileNotFoundError) throw new NotFoundException({ detail: INBOX_MESSAGES.resumeMissing });
      throw error;
    }
  }

  /**
   * The current subscribers of a list as CSV, oldest first, read in batches as the download goes (the
   * list can be long): newsletter with where each signed up, deadline alerts with the day.
   */
  exportSubscribers(list: SubscriberList): Readable {
    const dataSource = this.dataSource;
    const newsletter = list === 'newsletter';
    const header = newsletter ? ['email', 'source', 'subscribed_at'] : ['email', 'subscribed_at'];
    const sql = newsletter
      ? `SELECT id, email, source, subscribed_at, ${OLDEST_SUBSCRIBER_FIRST.select} FROM newsletter_subscriptions`
      : `SELECT id, email, subscribed_at, ${OLDEST_SUBSCRIBER_FIRST.select} FROM deadline_subscriptions`;
    async function* lines(): AsyncGenerator<string> {
      yield csvLine(header);
      let after: KeysetPosition | undefined;
      for (;;) {
        const values: unknown[] = [];
        const rows = (await dataSource.query(
          `${sql} WHERE status = 'subscribed' ${after ? `AND ${OLDEST_SUBSCRIBER_FIRST.after(after, values)}` : ''}
            ORDER BY ${OLDEST_SUBSCRIBER_FIRST.orderBy} LIMIT ${EXPORT_BATCH}`,
          values,
        )) as Array<{ id: string; email: string; source?: string; subscribed_at: Date; keyset_at: string }>;
        for (const row of rows) {
          yield csvLine(newsletter ? [row.email, row.source, row.subscribed_at] : [row.email, row.subscribed_at]);
        }
        if (rows.length < EXPORT_BATCH) return;
        after = positionOf(rows[rows.length - 1]);
      }
    }
    return Readable.from(lines());
  }
}
