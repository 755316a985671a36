import { BadRequestException, Type } from '@nestjs/common';
import { createValidationPipe } from '@portal/http';

/**
 * Runs a body through the app's global ValidationPipe, as a request would: the DTO on
 * success, else the messages of the 400's detail.
 */
export async function validateBody<T>(
  dto: Type<T>,
  body: unknown,
  type: 'body' | 'query' = 'body',
): Promise<{ value?: T; errors: string[] }> {
  try {
    const value = (await createValidationPipe().transform(body, { type, metatype: dto })) as T;
    return { value, errors: [] };
  } catch (error) {
    if (!(error instanceof BadRequestException)) throw error;
    const response = error.getResponse() as { detail: string; errors: string[] };
    expect(response.detail).toBe(response.errors.join('; '));
    return { errors: response.errors };
  }
}
