import {
  createdResult,
  discountList,
  discountOrderInput,
  discountWriteInput,
  idParams,
  messageResult,
  ok,
  okSchema,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import {
  createDiscount,
  editDiscount,
  getDiscounts,
  removeDiscount,
  reorderDiscounts,
} from './discounts.service';

const tags = ['discounts'];
const units =
  'value: a fraction 0–1 when vTypeID is 100 (0.10 is 10 %), whole cents when vTypeID is 200; rValue: the rounding unit in cents.';

export function discountRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mystudio/discounts',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's discounts, multi-class first then sibling, each in its order",
        description: units,
        response: { 200: okSchema(discountList) },
      },
    },
    async (request) => ok(await getDiscounts({ db: deps.db, actor: actorOfRequest(request) })),
  );

  r.post(
    '/api/mystudio/discounts',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Add a discount; it applies after the others of its type',
        description: units,
        body: discountWriteInput,
        response: { 200: okSchema(createdResult) },
      },
    },
    async (request) =>
      ok(await createDiscount({ db: deps.db, actor: actorOfRequest(request), input: request.body })),
  );

  // Declared before /:id for readers; the router prefers the static segment either way.
  r.put(
    '/api/mystudio/discounts/order',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Put the studio's discounts in a new order (every discount, once)",
        body: discountOrderInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(await reorderDiscounts({ db: deps.db, actor: actorOfRequest(request), ids: request.body.ids })),
  );

  r.put(
    '/api/mystudio/discounts/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Change a discount',
        description: units,
        params: idParams,
        body: discountWriteInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await editDiscount({
          db: deps.db,
          actor: actorOfRequest(request),
          id: request.params.id,
          input: request.body,
        }),
      ),
  );

  r.delete(
    '/api/mystudio/discounts/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Delete a discount',
        params: idParams,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(await removeDiscount({ db: deps.db, actor: actorOfRequest(request), id: request.params.id })),
  );
}
