import { BadRequestException, ValidationError, ValidationPipe } from '@nestjs/common';
import type { ValidationErrorReply } from '@portal/contracts';

function messages(errors: ValidationError[], parent = ''): string[] {
  return errors.flatMap((error) => {
    const path = parent ? `${parent}.${error.property}` : error.property;
    const own = Object.values(error.constraints ?? {});
    return [...own, ...messages(error.children ?? [], path)];
  });
}

/** Whitelisted, transformed DTOs; a 400 whose `detail` lists what is wrong in plain words. */
export function createValidationPipe(): ValidationPipe {
  return new ValidationPipe({
    whitelist: true,
    forbidNonWhitelisted: true,
    transform: true,
    exceptionFactory: (errors) => {
      const list = [...new Set(messages(errors))];
      return new BadRequestException({ detail: list.join('; '), errors: list } satisfies ValidationErrorReply);
    },
  });
}

/**
 * Validates a body the global pipe could not see (read from the request by the handler, such as the
 * text fields of a multipart form) exactly as the pipe would: the DTO, or the same 400.
 */
export async function validateDto<T>(metatype: new () => T, body: unknown): Promise<T> {
  return (await createValidationPipe().transform(body, { type: 'body', metatype })) as T;
}
