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
