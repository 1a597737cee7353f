/**
 * A request to the simulated processor and its answer, in Finix's own terms (`reference/finix-api.yaml`):
 * the shapes the Finix client's transport sends and reads (modules/payments/finix/transport.ts), written
 * here so that the simulator needs nothing of the module it stands in for (decision 046). The provider's
 * wiring (modules/payments/providers.ts) hands one to the other, and the type check holds them alike.
 */
export type FinixMethod = 'GET' | 'POST' | 'PUT';

export type FinixRequest = {
  method: FinixMethod;
  /** From the API's root, e.g. `/transfers/TR…/reversals`. */
  path: string;
  query?: Record<string, string>;
  body?: unknown;
  /** A multipart/form-data body (the account updater's): text fields and one file. */
  multipart?: {
    fields: Record<string, string>;
    file: { field: string; filename: string; contentType: string; content: string };
  };
};

/** The answer: the status and the JSON body. */
export type FinixResponse = { status: number; body: unknown };
