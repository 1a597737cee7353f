import { z } from 'zod';
import {
  INSTRUMENT_UPDATE_RESULTS,
  type InstrumentUpdateBatch,
  type InstrumentUpdateResult,
  type InstrumentUpdateResultCode,
  type PaymentProvider,
  ProviderError,
} from '../provider';
import type { FinixRequest } from './transport';

/**
 * Finix's card account updater as the client speaks it (issue 37 item 4, decision 071): a batch is made
 * from a CSV file of payment instrument ids and a `request` field (JSON: the merchant and the
 * idempotency id), sent as multipart/form-data; it is read back, then its results downloaded as a CSV
 * (`payment_instrument_original,payment_instrument_new,result`).
 */

const batchJson = z.object({
  id: z.string().min(1),
  state: z.string().nullish(),
  merchant: z.string().nullish(),
});

type Call = <T extends z.ZodType>(req: FinixRequest, expect: number, schema: T) => Promise<z.infer<T>>;

const toBatch = (b: z.infer<typeof batchJson>): InstrumentUpdateBatch => ({
  id: b.id,
  state: b.state ?? 'PENDING',
  merchantId: b.merchant ?? null,
});

const KNOWN: ReadonlySet<string> = new Set(INSTRUMENT_UPDATE_RESULTS);

/** The download's CSV, read: a header line, then one card a line; a result we do not know is UNKNOWN. */
export function readUpdateCsv(text: string): InstrumentUpdateResult[] {
  const lines = text
    .split(/\r?\n/)
    .map((line) => line.trim())
    .filter((line) => line.length > 0);
  const rows: InstrumentUpdateResult[] = [];
  for (const line of lines) {
    const [original = '', updated = '', result = ''] = line.split(',').map((cell) => cell.trim());
    if (original === 'payment_instrument_original' || original === '') continue;
    rows.push({
      original,
      updated: updated === '' ? null : updated,
      result: (KNOWN.has(result) ? result : 'UNKNOWN') as InstrumentUpdateResultCode,
    });
  }
  return rows;
}

export function instrumentUpdateCalls(
  call: Call,
): Pick<PaymentProvider, 'createInstrumentUpdate' | 'getInstrumentUpdate' | 'instrumentUpdateResults'> {
  return {
    async createInstrumentUpdate(input) {
      const req: FinixRequest = {
        method: 'POST',
        path: '/instrument_updates',
        multipart: {
          fields: {
            request: JSON.stringify({ merchant: input.merchantId, idempotency_id: input.idempotencyId }),
          },
          file: {
            field: 'file',
            filename: 'instruments.csv',
            contentType: 'text/csv',
            content: `${input.instrumentIds.join('\n')}\n`,
          },
        },
      };
      return toBatch(await call(req, 200, batchJson));
    },
    async getInstrumentUpdate(id) {
      const path = `/instrument_updates/${encodeURIComponent(id)}`;
      return toBatch(await call({ method: 'GET', path }, 200, batchJson));
    },
    async instrumentUpdateResults(id) {
      const path = `/instrument_updates/${encodeURIComponent(id)}/download`;
      const text = await call({ method: 'GET', path }, 200, z.unknown());
      if (typeof text !== 'string')
        throw new ProviderError('unavailable', `Finix answered GET ${path} with no CSV.`);
      return readUpdateCsv(text);
    },
  };
}
