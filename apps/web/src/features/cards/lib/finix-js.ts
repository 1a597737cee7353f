/**
 * Finix.js, loaded from Finix's own address when a card form opens (decision 028 point 2): never
 * bundled, never self-hosted (PCI), so the card's number is typed into Finix's hosted fields and goes
 * from there to Finix. Version 1's card form: `Finix.CardTokenForm(elementId, options)`, then
 * `form.submit(environment, applicationId, (error, response) => response.data.id)`.
 */

export const FINIX_JS_URL = 'https://js.finix.com/v/1/finix.js';

/** How long Finix.js may take to arrive before the form says it could not load. */
const LOAD_TIMEOUT_MS = 20_000;

export const finixSentences = {
  unavailable:
    'The secure card form could not be loaded from Finix. Check your connection (or a blocker that stops js.finix.com) and try again.',
  refused: 'The card could not be read: check the card details and try again.',
} as const;

/** A failure of Finix.js whose message is a sentence for the parent. */
export class FinixError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FinixError';
  }
}

export type FinixTokenResponse = { data?: { id?: string } };

export type FinixCardForm = {
  submit(
    environment: string,
    applicationId: string,
    callback: (error: unknown, response: FinixTokenResponse | undefined) => void,
  ): void;
};

export type FinixCardFormOptions = {
  showAddress?: boolean;
  showLabels?: boolean;
  /** Called as the buyer types: whether the form has errors, to enable the submit button. */
  onUpdate?: (state: unknown, binInformation: unknown, formHasErrors: boolean) => void;
  styles?: Record<string, Record<string, string>>;
};

export type FinixJs = {
  CardTokenForm(elementId: string, options?: FinixCardFormOptions): FinixCardForm;
  /** The bank account's hosted fields (decision 067): the same submit, a BANK_ACCOUNT token. */
  BankTokenForm(elementId: string, options?: FinixCardFormOptions): FinixCardForm;
};

declare global {
  interface Window {
    Finix?: FinixJs;
  }
}

let loading: Promise<FinixJs> | null = null;

/** Finix.js, added to the page once; a failed load is forgotten, so the next opening tries again. */
export function loadFinixJs(): Promise<FinixJs> {
  if (window.Finix) return Promise.resolve(window.Finix);
  if (loading) return loading;
  loading = new Promise<FinixJs>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = FINIX_JS_URL;
    script.async = true;
    const fail = () => {
      window.clearTimeout(timer);
      script.remove();
      loading = null;
      reject(new FinixError(finixSentences.unavailable));
    };
    const timer = window.setTimeout(fail, LOAD_TIMEOUT_MS);
    script.onload = () => {
      window.clearTimeout(timer);
      if (window.Finix) resolve(window.Finix);
      else fail();
    };
    script.onerror = fail;
    document.head.appendChild(script);
  });
  return loading;
}

/** The token of a submitted Finix form, as a promise: its id, or the form's refusal as a sentence. */
export function submitFinixForm(
  form: FinixCardForm,
  environment: string,
  applicationId: string,
): Promise<string> {
  return new Promise((resolve, reject) => {
    form.submit(environment, applicationId, (error, response) => {
      const id = response?.data?.id;
      if (error || !id) reject(new FinixError(finixSentences.refused));
      else resolve(id);
    });
  });
}
