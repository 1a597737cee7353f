import { randomUUID } from 'node:crypto';
import { type Calls, data } from './registration-scene';

/**
 * The scene's costume records (issue 18), what the costume routes act on: a costume company with a size
 * chart, a style of it on X's dance number with one size-colour entry, and that entry assigned to the
 * registered dancer (its 50% deposit on family A's books), and a cart of the company holding that
 * costume (an order not placed yet). A second company's style on the number is assigned to the dancer
 * too and ordered, so its balance is on the books: the deposits and balances lists have rows to read.
 */
export type CostumeRecords = {
  costumeCompany: string;
  costumeStyle: string;
  costumePrice: string;
  costumeAssignment: string;
  costumeOrder: string;
};

const C = '/api/mystudio/costumes';

export async function costumeRecords(
  owner: Calls,
  x: { danceNumber: string; activity: string },
): Promise<CostumeRecords> {
  const company = await data(
    owner.post(`${C}/company`, { name: 'Curtain Call Costumes' }),
    'a costume company',
  );
  await data(
    owner.put(`${C}/company/size-chart/${company.id}`, {
      chart: [
        { size: 'CM', girthMin: 44, girthMax: 47, chestMin: 24, chestMax: 26, hipsMin: 25, hipsMax: 27 },
      ],
    }),
    'a size chart',
  );
  const style = await data(
    owner.post(`${C}/v2/style`, {
      costCoID: company.id,
      styleNumber: 'CC-101',
      styleName: 'Sparkle Tutu',
      dncNumID: x.danceNumber,
      sizeColors: [{ size: 'CM', color: 'Pink', price_buy: 20, price_sell: 40 }],
    }),
    'a costume style',
  );
  await data(
    owner.put(`${C}/settings`, { depositKind: 'percent', depositPercent: 50, refundableUntil: null }),
    'a costume deposit',
  );
  const price = style.sizeColors[0].priceID as string;
  const assigned = await data(
    owner.post(`${C}/style/assign`, { dncNumActID: x.activity, priceID: price }),
    'a costume assigned',
  );
  const order = randomUUID();
  await data(
    owner.post(`${C}/v2/order/${order}`, {
      costumeCompanyID: company.id,
      items: [{ costumeAssignedID: assigned.id, price_buy: 20 }],
    }),
    'a costume cart',
  );
  await orderedCostume(owner, x);
  return {
    costumeCompany: company.id,
    costumeStyle: style.id,
    costumePrice: price,
    costumeAssignment: assigned.id,
    costumeOrder: order,
  };
}

/** A second company's costume assigned to the dancer and ordered: its balance posted to family A's books. */
async function orderedCostume(owner: Calls, x: { danceNumber: string; activity: string }) {
  const company = await data(owner.post(`${C}/company`, { name: 'Revolution Dancewear' }), 'a company');
  const style = await data(
    owner.post(`${C}/v2/style`, {
      costCoID: company.id,
      styleNumber: 'RD-7',
      styleName: 'Velvet Jacket',
      dncNumID: x.danceNumber,
      sizeColors: [{ size: 'CM', color: 'Black', price_buy: 30, price_sell: 60 }],
    }),
    'a second costume style',
  );
  const assigned = await data(
    owner.post(`${C}/style/assign`, { dncNumActID: x.activity, priceID: style.sizeColors[0].priceID }),
    'a second costume assigned',
  );
  const order = randomUUID();
  await data(
    owner.post(`${C}/v2/order/${order}`, {
      costumeCompanyID: company.id,
      items: [{ costumeAssignedID: assigned.id, price_buy: 30 }],
    }),
    'a second costume cart',
  );
  await data(owner.put(`${C}/v2/order/${order}/complete`, {}), 'a costume order placed');
}
