/**
 * `{ ...a, ...b }`, written so that every object it makes of the same shapes shares one hidden class
 * (decision 091). On Node 20 (V8 11.3), an object literal with a field or a spread after a spread gives
 * each object it makes a hidden class of its own: writing it costs about 2 µs a field, and every later
 * reader of such objects (the answer's JSON writer, the collector) meets a different class each time.
 * `Object.assign` onto a fresh object follows the shared transitions. Fields before a single spread
 * (`{ id, ...row }`) are not affected.
 */
export function withFields<A extends object, B extends object>(a: A, b: B): Omit<A, keyof B> & B {
  return Object.assign({}, a, b);
}
