import { messages } from '@pirouette/domain';

/** The part of a zod schema a form needs: enough to validate without importing zod here. */
type Issue = { path: PropertyKey[]; message: string };
export type SafeParser = {
  safeParse(value: unknown): { success: true } | { success: false; error: { issues: Issue[] } };
};

/** Form errors keyed like Mantine form paths ("user.firstName"); the first message of each field wins. */
export function zodErrors(schema: SafeParser, values: unknown): Record<string, string> {
  const result = schema.safeParse(values);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const key = issue.path.map(String).join('.');
    if (!(key in errors)) errors[key] = issue.message;
  }
  return errors;
}

/** A Mantine `validate` function from a schema. */
export const zodResolver =
  (schema: SafeParser) =>
  (values: unknown): Record<string, string> =>
    zodErrors(schema, values);

/** Beside a field, the spec's 'insufficient data' reads as what it means there. */
export const REQUIRED = 'Required';

/**
 * Field errors of a studio configuration form, from the same schema the server validates with.
 * The server answers a missing field with 'insufficient data' (002 §5); the form says "Required" beside it.
 */
export function configFormErrors(schema: SafeParser, values: unknown): Record<string, string> {
  return Object.fromEntries(
    Object.entries(zodErrors(schema, values)).map(([key, message]) => [
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

/** Only the errors whose path starts with one of the given prefixes (one step of a wizard). */
export function errorsUnder(errors: Record<string, string>, prefixes: readonly string[]) {
  return Object.fromEntries(
    Object.entries(errors).filter(([key]) => prefixes.some((p) => key === p || key.startsWith(`${p}.`))),
  );
}
