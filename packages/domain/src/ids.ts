import { z } from 'zod';

/** Record ids are UUIDs: 36 characters, hex groups 8-4-4-4-12. */
export const ID_LENGTH = 36;
const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isId(value: unknown): value is string {
  return typeof value === 'string' && value.length === ID_LENGTH && UUID_PATTERN.test(value);
}

export const idSchema = z
  .string()
  .length(ID_LENGTH, 'Invalid id.')
  .regex(UUID_PATTERN, 'Invalid id.')
  .transform((s) => s.toLowerCase());

export const idParams = z.object({ id: idSchema });

/** An id whose malformed form is answered with `message` (the spec's own text for that screen). */
export const idSaying = (message: string) =>
  z
    .string()
    .length(ID_LENGTH, message)
    .regex(UUID_PATTERN, message)
    .transform((s) => s.toLowerCase());
