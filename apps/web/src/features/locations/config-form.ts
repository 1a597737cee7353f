import { messages } from '@pirouette/domain';
import { type SafeParser, zodErrors } from '../../lib/zod-form';

/** Beside a field, the spec's 'insufficient data' reads as what it means there. */
export const REQUIRED = 'Required';

/**
 * Field errors of a studio configuration form, from the same schema the server validates with.
 * The server answers a missing field with 'insufficient data' (002 §5); the form says "Required" beside it.
 */
export function configFormErrors(schema: SafeParser, values: unknown): Record<string, string> {
  const errors = zodErrors(schema, values);
  return Object.fromEntries(
    Object.entries(errors).map(([key, message]) => [
      key,
      message === messages.insufficientData ? REQUIRED : message,
    ]),
  );
}

/** A Mantine `validate` function from a schema, in the words of `configFormErrors`. */
export const configResolver =
  (schema: SafeParser) =>
  (values: unknown): Record<string, string> =>
    configFormErrors(schema, values);
