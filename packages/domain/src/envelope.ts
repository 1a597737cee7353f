import { z } from 'zod';

/** Every answer of the API is a pair: `[true, data]` or `[false, message]`. */
export type Ok<T> = [true, T];
export type Fail = [false, string];
export type Envelope<T> = Ok<T> | Fail;

export const ok = <T>(data: T): Ok<T> => [true, data];
export const fail = (message: string): Fail => [false, message];

export const okSchema = <T extends z.ZodType>(data: T) => z.tuple([z.literal(true), data]);
export const failSchema = z.tuple([z.literal(false), z.string()]);

export function isEnvelope(body: unknown): body is Envelope<unknown> {
  return Array.isArray(body) && body.length === 2 && typeof body[0] === 'boolean';
}

/** The data of an answer that only has something to say: the text to show. */
export const messageResult = z.object({ msg: z.string() });
export type MessageResult = z.infer<typeof messageResult>;

/** The data of an answer to a creation: the new record's id and the text to show. */
export const createdResult = z.object({ id: z.string(), msg: z.string() });
export type CreatedResult = z.infer<typeof createdResult>;
