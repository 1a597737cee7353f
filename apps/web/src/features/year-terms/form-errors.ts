import { messages } from '@pirouette/domain';
import { type SafeParser, zodErrors } from '../../lib/zod-form';

/** Beside a field, the spec's 'insufficient data' reads as what it means there. */
export const REQUIRED = 'Required';

/** A Mantine `validate` function from the schema the server validates with, in a form's words. */
export const formResolver =
  (schema: SafeParser) =>
  (values: unknown): Record<string, string> =>
    Object.fromEntries(
      Object.entries(zodErrors(schema, values)).map(([key, message]) => [
        key,
        message === messages.insufficientData ? REQUIRED : message,
      ]),
    );
