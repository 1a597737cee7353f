import { randomUUID } from 'node:crypto';
import { ANY_OWNER, type Kit, OWNER_OF_X, type Row } from './kit';

/**
 * The access matrix of costumes (issue 18): every call is the owner's. A list or a new record is any
 * owner's, about their own studio; a call naming one of studio X's records (a costume company, a style,
 * an entry, a dance number, an assignment, a student) is X's owner's only, and studio Y's owner finds
 * none of them. Each write X's owner sends acts on a throwaway record made just before.
 */

const C = '/api/mystudio/costumes';

export function costumeRows({ scene, unique, made }: Kit): Record<string, Row> {
  const x = () => scene().x;
  const company = () => made(`${C}/company`, { name: unique('Costume Co') });
  /** A new style of a new company on X's dance number, with one size-colour entry. */
  const style = async () => {
    const costCoID = await company();
    const res = await scene().send('ownerX', {
      method: 'POST',
      url: `${C}/v2/style`,
      payload: {
        costCoID,
        styleNumber: unique('ST'),
        styleName: 'Sparkle Tutu',
        dncNumID: x().danceNumber,
        sizeColors: [{ size: 'CM', color: 'Pink', price_buy: 20, price_sell: 40 }],
      },
    });
    if (res.status !== 200) throw new Error(`a style: ${res.text}`);
    const data = res.body[1] as { id: string; sizeColors: { priceID: string }[] };
    return { company: costCoID, style: data.id, price: data.sizeColors[0]!.priceID };
  };
  /** A costume of a new style assigned to X's registered dancer. */
  const assignment = async () => {
    const s = await style();
    return made(`${C}/style/assign`, { dncNumActID: x().activity, priceID: s.price });
  };

  /** X's owner sends a call that must succeed (the throwaway records of the order rows). */
  const byX = async (method: 'POST' | 'PUT', url: string, payload: Record<string, unknown> = {}) => {
    const res = await scene().send('ownerX', { method, url, payload });
    if (res.status !== 200) throw new Error(`${method} ${url}: ${res.text}`);
  };
  /** A new cart of a new company: empty, or holding a costume of the company assigned to X's dancer. */
  const cart = async (withCostume: boolean) => {
    const orderId = randomUUID();
    if (!withCostume) {
      await byX('POST', `${C}/v2/order/${orderId}`, { costumeCompanyID: await company(), items: [] });
      return { orderId, assignment: '' };
    }
    const s = await style();
    const assignment = await made(`${C}/style/assign`, { dncNumActID: x().activity, priceID: s.price });
    await byX('POST', `${C}/v2/order/${orderId}`, {
      costumeCompanyID: s.company,
      items: [{ costumeAssignedID: assignment, price_buy: 20 }],
    });
    return { orderId, assignment };
  };

  return {
    [`GET ${C}/company`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: `${C}/company` }) },
    [`POST ${C}/company`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}/company`, payload: { name: unique('Costume Co') } }),
    },
    [`PUT ${C}/company/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/company/${await company()}`,
        payload: { name: unique('Renamed Co') },
      }),
    },
    [`DELETE ${C}/company/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/company/${await company()}` }),
    },
    [`GET ${C}/company/size-chart/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/company/size-chart/${await company()}` }),
    },
    [`PUT ${C}/company/size-chart/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/company/size-chart/${await company()}`,
        payload: { chart: [{ size: 'CS', girthMin: 40, girthMax: 43.9 }] },
      }),
    },
    [`GET ${C}/style/:dncNumID`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${C}/style/${x().danceNumber}` }),
    },
    [`POST ${C}/style`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/style`,
        payload: {
          costCoID: await company(),
          styleNumber: unique('ST'),
          styleName: 'Sparkle Tutu',
          dncNumID: x().danceNumber,
        },
      }),
    },
    [`POST ${C}/v2/style`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/v2/style`,
        payload: {
          costCoID: await company(),
          styleNumber: unique('ST'),
          styleName: 'Sparkle Tutu',
          dncNumID: x().danceNumber,
          sizeGroups: ['CS', 'CM'],
          colors: ['Pink'],
          sizeColors: [{ size: 'CS', color: 'Pink', price_buy: 20, price_sell: 40 }],
        },
      }),
    },
    [`GET ${C}/size-color/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/size-color/${(await style()).style}` }),
    },
    [`DELETE ${C}/reference/:costumeID/:dncNumID`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/reference/${(await style()).style}/${x().danceNumber}` }),
    },
    [`POST ${C}/style/size-price-assign`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/style/size-price-assign`,
        payload: {
          dncNumActID: x().activity,
          costumeID: (await style()).style,
          size: 'CL',
          color: 'Pink',
          price_buy: 22,
          price_sell: 44,
        },
      }),
    },
    [`POST ${C}/style/assign`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/style/assign`,
        payload: { dncNumActID: x().activity, priceID: (await style()).price, price: 35 },
      }),
    },
    [`GET ${C}/v2/assigned/:dncNumID`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${C}/v2/assigned/${x().danceNumber}` }),
    },
    [`DELETE ${C}/assign/:id`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/assign/${await assignment()}` }),
    },
    [`GET ${C}/measurements/:studentId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${C}/measurements/${x().student}` }),
    },
    [`POST ${C}/measurements/:studentId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: () => ({ url: `${C}/measurements/${x().student}`, payload: { girth: 45.5, chest: 23 } }),
    },
    [`GET ${C}/settings`]: { access: 'owner', expect: ANY_OWNER, request: () => ({ url: `${C}/settings` }) },
    [`PUT ${C}/settings`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({
        url: `${C}/settings`,
        payload: { depositKind: 'percent', depositPercent: 50, refundableUntil: '2030-01-15' },
      }),
    },
    [`GET ${C}/v2/order/company/:companyId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/v2/order/company/${await company()}` }),
    },
    [`POST ${C}/v2/order/:orderId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({
        url: `${C}/v2/order/${randomUUID()}`,
        payload: { costumeCompanyID: await company(), items: [] },
      }),
    },
    [`PUT ${C}/v2/order/:orderId`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const c = await cart(true);
        return { url: `${C}/v2/order/${c.orderId}`, payload: { items: [] } };
      },
    },
    [`PUT ${C}/v2/order/:orderId/complete`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => ({ url: `${C}/v2/order/${(await cart(true)).orderId}/complete` }),
    },
    [`PUT ${C}/v2/order/:orderId/shipment`]: {
      access: 'owner',
      expect: OWNER_OF_X,
      request: async () => {
        const c = await cart(true);
        await byX('PUT', `${C}/v2/order/${c.orderId}/complete`);
        return { url: `${C}/v2/order/${c.orderId}/shipment`, payload: { items: [c.assignment] } };
      },
    },
    // The deposits and balances lists are the studio's own whole: another studio's owner finds none of
    // X's rows there, an empty list rather than a 404, even naming X's dance number or class.
    [`GET ${C}/deposits`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}/deposits?dncNumID=${x().danceNumber}&page=1&pageSize=10` }),
    },
    [`GET ${C}/deposits/export`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}/deposits/export?clSchID=${x().class}` }),
    },
    [`GET ${C}/balances`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}/balances?open=0&clSchID=${x().class}` }),
    },
    [`GET ${C}/balances/export`]: {
      access: 'owner',
      expect: ANY_OWNER,
      request: () => ({ url: `${C}/balances/export?open=1&dncNumID=${x().danceNumber}` }),
    },
  };
}
