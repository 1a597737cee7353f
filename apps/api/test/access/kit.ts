import type { Access } from '../../src/http/access';
import type { Actor, Scene } from '../fuzz/scene';

/**
 * What the access matrix is made of, shared by its table files: an outcome per actor, a row per route,
 * and the helpers rows use to make the throwaway records their calls act on.
 */

export type Outcome = 'allowed' | 400 | 401 | 403 | 404;
export type Expect = Record<Actor, Outcome>;
export type Call = { url: string; payload?: unknown; token?: string | null };
export type Row = {
  /** The access level the route must declare (its `config.access`). */
  access: Access;
  expect: Expect;
  /** The request one actor sends; it may first make the throwaway record the call acts on. */
  request: (actor: Actor) => Call | Promise<Call>;
};

/** Anyone, signed in or not. */
export const EVERYONE: Expect = {
  anonymous: 'allowed',
  parentA: 'allowed',
  parentB: 'allowed',
  ownerX: 'allowed',
  ownerY: 'allowed',
  teacherX: 'allowed',
};
/** Anyone signed in, about their own session. */
export const SIGNED_IN: Expect = {
  anonymous: 401,
  parentA: 'allowed',
  parentB: 'allowed',
  ownerX: 'allowed',
  ownerY: 'allowed',
  teacherX: 'allowed',
};
/** An owner, about their own studio as a whole (a list, a new record, the settings). */
export const ANY_OWNER: Expect = {
  anonymous: 401,
  parentA: 403,
  parentB: 403,
  ownerX: 'allowed',
  ownerY: 'allowed',
  teacherX: 403,
};
/** An owner, about one of studio X's records: only X's owner finds it. */
export const OWNER_OF_X: Expect = {
  anonymous: 401,
  parentA: 403,
  parentB: 403,
  ownerX: 'allowed',
  ownerY: 404,
  teacherX: 403,
};
/** A parent, about their own family (each parent reaches only their own). */
export const PARENTS: Expect = {
  anonymous: 401,
  parentA: 'allowed',
  parentB: 'allowed',
  ownerX: 403,
  ownerY: 403,
  teacherX: 403,
};
/** A parent, about one of family A's records: parent B finds nothing. */
export const PARENT_OF_A: Expect = {
  anonymous: 401,
  parentA: 'allowed',
  parentB: 404,
  ownerX: 403,
  ownerY: 403,
  teacherX: 403,
};
/**
 * The roll of one of studio X's classes (issue 36): X's owner, and the class's own teacher (teacher X);
 * studio Y's owner finds nothing.
 */
export const STAFF_OF_X: Expect = {
  anonymous: 401,
  parentA: 403,
  parentB: 403,
  ownerX: 'allowed',
  ownerY: 404,
  teacherX: 'allowed',
};
/** Any owner or teacher, about their own studio as a whole (a list): parents and visitors are refused. */
export const ANY_STAFF: Expect = {
  anonymous: 401,
  parentA: 403,
  parentB: 403,
  ownerX: 'allowed',
  ownerY: 'allowed',
  teacherX: 'allowed',
};
/** A teacher, about their own classes (issue 36): owners and parents are refused. */
export const TEACHERS: Expect = {
  anonymous: 401,
  parentA: 403,
  parentB: 403,
  ownerX: 403,
  ownerY: 403,
  teacherX: 'allowed',
};

/** What a table file needs of the matrix: the scene, unique names, and X's owner making records. */
export type Kit = {
  scene: () => Scene;
  unique: (prefix: string) => string;
  /** Studio X's owner makes a record through the API; the new record's id. */
  made: (url: string, payload: Record<string, unknown>) => Promise<string>;
  fresh: {
    room: () => Promise<string>;
    genre: () => Promise<string>;
  };
};
