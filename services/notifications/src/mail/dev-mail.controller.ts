import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  CanActivate,
  Controller,
  ExecutionContext,
  Get,
  Injectable,
  NotFoundException,
  Param,
  Res,
  StreamableFile,
  UseGuards,
} from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Public } from '@portal/auth';
import { AppConfig } from '@portal/config';
import { isLoopback } from '@portal/http';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  extractLinks,
  isMailFileName,
  listMailFiles,
  MailContent,
  mailDropDir,
  mailFileDate,
  parseMail,
} from '@portal/events';
import escapeHtml from 'escape-html';

/** Messages listed at most; older files stay on disk. */
const LIST_LIMIT = 200;

/**
 * The page's own CSP (replaces the app's): no scripts at all, inline styles, remote
 * images for the mail shown in the frame (a srcdoc frame inherits this policy).
 */
const VIEWER_CSP = [
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data: http: https:',
  "frame-src 'self'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ');

const PAGE_STYLE = `
  body { font-family: -apple-system, Segoe UI, Helvetica, Arial, sans-serif; margin: 2rem; color: #1f2933; }
  table { border-collapse: collapse; width: 100%; }
  th, td { text-align: left; padding: .4rem .6rem; border-bottom: 1px solid #e4e7eb; vertical-align: top; }
  th { color: #52606d; font-weight: 600; white-space: nowrap; }
  iframe { width: 100%; height: 32rem; border: 1px solid #cbd2d9; }
  pre { white-space: pre-wrap; background: #f5f7fa; padding: 1rem; border: 1px solid #e4e7eb; }
  .muted { color: #7b8794; }`;

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(title)}</title>
<meta name="robots" content="noindex"><style>${PAGE_STYLE}</style></head>
<body>${body}</body></html>`;
}

/** Headers are set only on success, so errors still leave as JSON `{ detail }`. */
function html(reply: FastifyReply, body: string): string {
  void reply
    .header('content-type', 'text/html; charset=utf-8')
    .header('content-security-policy', VIEWER_CSP)
    .header('cache-control', 'no-store');
  return body;
}

/**
 * The viewer shows every mail, reset and verification links included: only to a browser on this
 * machine. A server outside production that others can reach (a staging host) answers them as if
 * it had no viewer; behind a proxy, TRUST_PROXY makes the address the client's.
 */
@Injectable()
export class LoopbackOnly implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (isLoopback(request.ip)) return true;
    throw new NotFoundException({ detail: `Not found: ${request.method} ${request.url.split('?')[0]}` });
  }
}

/**
 * Development mail viewer over the file transport's drop folder. Registered only
 * outside production (MailModule decides); public, but only to this machine (LoopbackOnly).
 */
@ApiExcludeController()
@Public()
@UseGuards(LoopbackOnly)
@Controller('dev/mail')
export class DevMailController {
  constructor(private readonly config: AppConfig) {}

  @Get()
  async list(@Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const names = await listMailFiles(this.config.dataDir);
    const rows: string[] = [];
    for (const name of names.slice(0, LIST_LIMIT)) {
      const mail = await this.read(name).catch(() => undefined);
      if (!mail) continue;
      const date = mail.date ?? mailFileDate(name);
      rows.push(
        `<tr><td>${escapeHtml(date ? date.toISOString().replace('T', ' ').slice(0, 19) : '')}</td>` +
          `<td>${escapeHtml(mail.to.join(', '))}</td>` +
          `<td><a href="/dev/mail/${encodeURIComponent(name)}">${escapeHtml(mail.subject || '(no subject)')}</a></td></tr>`,
      );
    }
    const more =
      names.length > LIST_LIMIT ? `<p class="muted">Showing the newest ${LIST_LIMIT} of ${names.length}.</p>` : '';
    const table = rows.length
      ? `<table><thead><tr><th>Date (UTC)</th><th>To</th><th>Subject</th></tr></thead><tbody>${rows.join('\n')}</tbody></table>`
      : `<p class="muted">No mail yet. Messages sent with MAIL_TRANSPORT=file appear here.</p>`;
    return html(reply, page('Mail', `<h1>Mail</h1>${more}${table}`));
  }

  @Get(':file')
  async show(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<string> {
    const mail = await this.read(file);
    const headers = Object.entries({
      From: mail.from,
      To: mail.to.join(', '),
      'Reply-To': mail.replyTo.join(', '),
      Subject: mail.subject,
      Date: mail.date?.toUTCString(),
      'Message-ID': mail.messageId,
    })
      .flatMap(([name, value]) => (value ? [`<tr><th>${name}</th><td>${escapeHtml(value)}</td></tr>`] : []))
      .join('\n');
    const links = extractLinks(mail)
      .map((link) => `<li><a href="${escapeHtml(link)}" rel="noreferrer">${escapeHtml(link)}</a></li>`)
      .join('\n');
    // No allow-scripts and no allow-same-origin: the mail's HTML can neither run code
    // nor reach this origin; links open in a new tab.
    const htmlPart =
      mail.html !== undefined
        ? `<h2>HTML</h2><iframe title="HTML part" sandbox="allow-popups allow-popups-to-escape-sandbox" srcdoc="${escapeHtml(
            `<base target="_blank">${mail.html}`,
          )}"></iframe>`
        : '<p class="muted">No HTML part.</p>';
    const text =
      mail.text !== undefined
        ? `<h2>Text</h2><pre>${escapeHtml(mail.text)}</pre>`
        : '<p class="muted">No text part.</p>';
    const attachments = mail.attachments.length
      ? `<h2>Attachments</h2><ul>${mail.attachments
          .map(
            (item) =>
              `<li>${escapeHtml(item.filename ?? '(unnamed)')} <span class="muted">${escapeHtml(item.contentType)}, ${item.size} bytes</span></li>`,
          )
          .join('')}</ul>`
      : '';
    return html(
      reply,
      page(
        mail.subject || 'Mail',
        `<p><a href="/dev/mail">← All mail</a> · <a href="/dev/mail/${encodeURIComponent(file)}/raw">Raw</a></p>
<h1>${escapeHtml(mail.subject || '(no subject)')}</h1>
<table>${headers}</table>
${links ? `<h2>Links</h2><ul>${links}</ul>` : ''}
${htmlPart}
${text}
${attachments}`,
      ),
    );
  }

  @Get(':file/raw')
  async raw(@Param('file') file: string, @Res({ passthrough: true }) reply: FastifyReply): Promise<StreamableFile> {
    const bytes = await this.readRaw(file);
    void reply.header('cache-control', 'no-store');
    return new StreamableFile(bytes, { type: 'message/rfc822', disposition: `inline; filename="${file}"` });
  }

  private async read(file: string): Promise<MailContent> {
    return parseMail(await this.readRaw(file));
  }

  private async readRaw(file: string): Promise<Buffer> {
    // Only names the drop writes: no separators, no dot segments, nothing else on disk.
    if (!isMailFileName(file)) throw new NotFoundException({ detail: 'No such message.' });
    try {
      return await readFile(join(mailDropDir(this.config.dataDir), file));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT')
        throw new NotFoundException({ detail: 'No such message.' });
      throw error;
    }
  }
}
