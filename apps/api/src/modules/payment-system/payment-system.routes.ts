import {
  idParams,
  messageResult,
  ok,
  okSchema,
  paymentSystem,
  updateOptionDueDayInput,
  updatePlanDiscountInput,
  yearTermQuery,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { changeOptionDueDay, changePlanDiscount, getPaymentSystem } from './payment-system.service';

const tags = ['payment system'];

export function paymentSystemRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const { db } = deps;

  r.get(
    '/api/mystudio/paymentSystem',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "A year term's payment plans and their options (default: the current term)",
        querystring: yearTermQuery,
        response: { 200: okSchema(paymentSystem) },
      },
    },
    async (request) =>
      ok(
        await getPaymentSystem({
          db,
          actor: actorOfRequest(request),
          yearTermId: request.query.yearTermID,
        }),
      ),
  );

  r.put(
    '/api/mystudio/paymentSystem/plan/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Change a plan's discount (a fraction; the default plan's stays 0)",
        params: idParams,
        body: updatePlanDiscountInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await changePlanDiscount({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          discount: request.body.discount,
        }),
      ),
  );

  r.put(
    '/api/mystudio/paymentSystem/option/:id',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Change the day of the month an option's payment is due (1–28)",
        params: idParams,
        body: updateOptionDueDayInput,
        response: { 200: okSchema(messageResult) },
      },
    },
    async (request) =>
      ok(
        await changeOptionDueDay({
          db,
          actor: actorOfRequest(request),
          id: request.params.id,
          dayPaymentDue: request.body.dayPaymentDue,
        }),
      ),
  );
}
