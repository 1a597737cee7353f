import {
  costumeAssignmentCalls,
  costumeCompanyCalls,
  costumeListCalls,
  costumeMeasurementCalls,
  costumeOrderCalls,
  costumeSettingsCalls,
  costumeStyleCalls,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { assignedOfNumber } from './assigned';
import { assign, sizePriceAssign, unassign } from './assignments.service';
import {
  addCompany,
  costumeSettingsOf,
  editCompany,
  listCompanies,
  removeCompany,
  saveCostumeSettings,
  saveSizeChart,
  sizeChart,
} from './companies.service';
import { balanceCsv, balanceList, depositCsv, depositList } from './lists.service';
import { addMeasurements, measurementsOf } from './measurements.service';
import { completeOrder, ordersOfCompany, receiveShipment, saveCart } from './orders.service';
import { addStyle, addStyleV2, removeReference, sizeColorsOf, stylesOfNumber } from './styles.service';

/** Costumes' calls (issue 18, decision 029; 002 §7 "Costumes"): the owner's only. */
export function costumeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, clock } = deps;
  const ctx = (request: Parameters<typeof actorOfRequest>[0]) => ({
    db,
    clock,
    actor: actorOfRequest(request),
  });
  routes(app, costumeCompanyCalls, {
    list: ({ request }) => listCompanies(ctx(request)),
    add: ({ request, body }) => addCompany(ctx(request), body),
    edit: ({ request, params, body }) => editCompany(ctx(request), params.id, body),
    remove: ({ request, params }) => removeCompany(ctx(request), params.id),
    sizeChart: ({ request, params }) => sizeChart(ctx(request), params.id),
    saveSizeChart: ({ request, params, body }) => saveSizeChart(ctx(request), params.id, body),
  });
  routes(app, costumeStyleCalls, {
    ofNumber: ({ request, params }) => stylesOfNumber(ctx(request), params.dncNumID),
    add: ({ request, body }) => addStyle(ctx(request), body),
    addV2: ({ request, body }) => addStyleV2(ctx(request), body),
    sizeColors: ({ request, params }) => sizeColorsOf(ctx(request), params.id),
    removeReference: ({ request, params }) =>
      removeReference(ctx(request), params.costumeID, params.dncNumID),
  });
  routes(app, costumeAssignmentCalls, {
    sizePriceAssign: ({ request, body }) => sizePriceAssign(ctx(request), body),
    assign: ({ request, body }) => assign(ctx(request), body),
    assigned: ({ request, params }) => assignedOfNumber(ctx(request), params.dncNumID),
    unassign: ({ request, params }) => unassign(ctx(request), params.id),
  });
  routes(app, costumeMeasurementCalls, {
    list: ({ request, params }) => measurementsOf(ctx(request), params.studentId),
    add: ({ request, params, body }) => addMeasurements(ctx(request), params.studentId, body),
  });
  routes(app, costumeSettingsCalls, {
    get: ({ request }) => costumeSettingsOf(ctx(request)),
    save: ({ request, body }) => saveCostumeSettings(ctx(request), body),
  });
  routes(app, costumeOrderCalls, {
    ofCompany: ({ request, params }) => ordersOfCompany(ctx(request), params.companyId),
    create: ({ request, params, body }) => saveCart(ctx(request), params.orderId, body, 'add'),
    replace: ({ request, params, body }) => saveCart(ctx(request), params.orderId, body, 'replace'),
    complete: ({ request, params }) => completeOrder(ctx(request), params.orderId),
    shipment: ({ request, params, body }) => receiveShipment(ctx(request), params.orderId, body),
  });
  routes(app, costumeListCalls, {
    deposits: ({ request, query }) => depositList(ctx(request), query),
    depositsCsv: ({ request, query }) => depositCsv(ctx(request), query),
    balances: ({ request, query }) => balanceList(ctx(request), query),
    balancesCsv: ({ request, query }) => balanceCsv(ctx(request), query),
  });
}
