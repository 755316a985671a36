import { randomUUID } from 'node:crypto';
import { finished } from 'node:stream/promises';
import type { MultipartFile } from '@fastify/multipart';
import { BadRequestException, HttpException, Injectable, Logger, PayloadTooLargeException } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { AppConfig } from '@portal/config';
import {
  JOB_APPLICATION_SOURCE,
  RESUME_FIELD,
  RESUME_MAX_BYTES,
  type CreateMessageReply,
  type ValidationErrorReply,
} from '@portal/contracts';
import { Outbox, QUEUES } from '@portal/events';
import { clientKey, decodeMultipartFileName, RateLimiter, validateDto } from '@portal/http';
import { FileStorage, FileTooLargeError, storageKey, type StoredFile } from '@portal/storage';
import type { FastifyRequest } from 'fastify';
import { DataSource } from 'typeorm';
import { RATE_LIMITS } from '../common/rate-limits';
import { APPLICATION_MESSAGES, JobApplicationDto } from './dto/job-application.dto';
import { peek } from './peek';
import { checkResume, cleanFileName, RESUME_SNIFF_BYTES } from './resume-format';

export const APPLICATION_SUBMITTED = 'Your application has been submitted successfully!';

/** Where the staff mail sends admins: the inbox tab of the admin panel. */
export const INBOX_PATH = '/admin?tab=inbox';

interface StoredResume extends StoredFile {
  fileName: string;
}

/** A 4xx of the multipart parser (limits, malformed bodies) as an answer with a `detail`. */
function multipartError(error: unknown): HttpException | undefined {
  if (error instanceof HttpException) return error;
  const { code, message } = error as { code?: string; message?: string };
  switch (code) {
    case 'FST_REQ_FILE_TOO_LARGE':
      return new PayloadTooLargeException({ detail: APPLICATION_MESSAGES.resumeTooLarge });
    case 'FST_FILES_LIMIT':
      return new BadRequestException({ detail: 'Send one file: the resume.' });
    case 'FST_PARTS_LIMIT':
    case 'FST_FIELDS_LIMIT':
      return new PayloadTooLargeException({ detail: 'The form has too many fields.' });
    case 'FST_PROTO_VIOLATION':
    case 'FST_INVALID_MULTIPART_CONTENT_TYPE':
    case 'FST_INVALID_JSON_FIELD_ERROR':
      return new BadRequestException({ detail: 'The application form could not be read. Please send it again.' });
    case 'FST_MP_PREMATURE_CLOSE':
      return new BadRequestException({ detail: 'The upload was interrupted. Please send it again.' });
  }
  // busboy's own parse errors (a cut or malformed body)
  if (/Unexpected end of (form|file)|Malformed part header|Boundary not found/i.test(message ?? '')) {
    return new BadRequestException({ detail: 'The application form could not be read. Please send it again.' });
  }
  return undefined;
}

/**
 * Job applications: multipart POST /messages/ with the text fields of JobApplicationDto and the resume
 * in the file field `resume`. The resume is streamed to file storage under a key the server makes
 * (`resumes/<message id>`) after its name and first bytes are checked, never buffered whole, never in
 * the database; the message row and the staff mail commit together, and a refused or failed
 * application leaves no file behind.
 */
@Injectable()
export class JobApplicationsService {
  private readonly logger = new Logger(JobApplicationsService.name);

  constructor(
    @InjectDataSource('notifications') private readonly dataSource: DataSource,
    private readonly outbox: Outbox,
    private readonly limiter: RateLimiter,
    private readonly storage: FileStorage,
    private readonly config: AppConfig,
  ) {}

  async receive(request: FastifyRequest, ip: string): Promise<CreateMessageReply> {
    await this.limiter.consume(RATE_LIMITS.applicationsPerIp, clientKey(ip));
    const id = randomUUID();
    let resume: StoredResume | undefined;
    try {
      const fields = new Map<string, string>();
      try {
        // One file, at most one byte over the limit: the storage's own limit then reports it.
        for await (const part of request.parts({ limits: { files: 1, fileSize: RESUME_MAX_BYTES + 1 } })) {
          if (part.type === 'field') {
            if (fields.has(part.fieldname)) {
              throw new BadRequestException({ detail: `The field ${part.fieldname} was sent twice.` });
            }
            fields.set(part.fieldname, typeof part.value === 'string' ? part.value : String(part.value));
          } else if (part.fieldname !== RESUME_FIELD) {
            part.file.resume();
            throw new BadRequestException({ detail: `The resume goes in the field "${RESUME_FIELD}".` });
          } else {
            resume = await this.storeResume(id, part);
          }
        }
      } catch (error) {
        throw multipartError(error) ?? error;
      }
      const dto = await this.validate(Object.fromEntries(fields), Boolean(resume));
      return await this.save(id, dto, resume!);
    } catch (error) {
      if (resume) await this.storage.delete(resume.key).catch(() => undefined);
      throw error;
    }
  }

  /** The fields as the validation pipe checks them, with a missing resume named among the problems. */
  private async validate(fields: Record<string, string>, hasResume: boolean): Promise<JobApplicationDto> {
    let problems: string[] = [];
    let dto: JobApplicationDto | undefined;
    try {
      dto = await validateDto(JobApplicationDto, fields);
    } catch (error) {
      if (!(error instanceof BadRequestException)) throw error;
      problems = (error.getResponse() as ValidationErrorReply).errors;
    }
    if (!hasResume) problems.push(APPLICATION_MESSAGES.resumeRequired);
    if (problems.length) {
      throw new BadRequestException({ detail: problems.join('; '), errors: problems } satisfies ValidationErrorReply);
    }
    return dto!;
  }

  private async storeResume(id: string, part: MultipartFile): Promise<StoredResume> {
    const fileName = decodeMultipartFileName(part.filename);
    const peeked = await peek(part.file, RESUME_SNIFF_BYTES);
    const check = checkResume(fileName, peeked.head, peeked.complete);
    if (!check.ok) {
      // Read the rest of this file away, so the answer is not cut off by an unread upload.
      peeked.stream.resume();
      await finished(peeked.stream).catch(() => undefined);
      throw new BadRequestException({ detail: check.detail });
    }
    try {
      const stored = await this.storage.put(storageKey('resumes', id), peeked.stream, {
        maxBytes: RESUME_MAX_BYTES,
        contentType: check.format.contentType,
      });
      return { ...stored, fileName: cleanFileName(fileName, check.format.extension) };
    } catch (error) {
      if (error instanceof FileTooLargeError) {
        throw new PayloadTooLargeException({ detail: APPLICATION_MESSAGES.resumeTooLarge });
      }
      throw error;
    }
  }

  private async save(id: string, dto: JobApplicationDto, resume: StoredResume): Promise<CreateMessageReply> {
    const source = dto.source ?? JOB_APPLICATION_SOURCE;
    const linkedin = dto.linkedin ?? null;
    await this.dataSource.transaction(async (manager) => {
      await manager.query(
        `INSERT INTO messages (id, name, email, phone, type, source, message, position, linkedin,
                               resume_key, resume_file_name, resume_content_type, resume_size, resume_sha256)
         VALUES ($1, $2, $3, $4, 'job_application', $5, $6, $7, $8, $9, $10, $11, $12, $13)`,
        [
          id,
          dto.name,
          dto.email,
          dto.phone,
          source,
          dto.message,
          dto.position,
          linkedin,
          resume.key,
          resume.fileName,
          resume.contentType,
          resume.size,
          resume.sha256,
        ],
      );
      await this.outbox.enqueue(manager, QUEUES.mail, 'template', {
        template: 'staff-job-application',
        to: this.config.STAFF_EMAIL,
        data: {
          name: dto.name,
          email: dto.email,
          phone: dto.phone,
          ...(dto.linkedin ? { linkedin: dto.linkedin } : {}),
          position: dto.position,
          message: dto.message,
          resumeFileName: resume.fileName,
          resumeBytes: resume.size,
          inboxLink: `${this.config.appUrl}${INBOX_PATH}`,
        },
      });
    });
    this.logger.log(
      `job application ${id} for ${dto.position} stored (resume ${resume.size} bytes); staff mail queued`,
    );
    return { id, message: APPLICATION_SUBMITTED };
  }
}
