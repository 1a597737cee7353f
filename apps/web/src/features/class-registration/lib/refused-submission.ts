import type { RegistrationBuilder } from '@pirouette/domain';
import { isApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/notify';
import { reconcile, type Selection } from './selection';

type Wizard = {
  /** Says a refusal beside the step's button. */
  setRefusal: (text: string) => void;
  /** Says a refusal above the wizard. */
  setConflict: (text: string) => void;
  reload: () => Promise<RegistrationBuilder | undefined>;
  setSelection: (update: (s: Selection) => Selection) => void;
};

/**
 * How both wizards take a refused registration: a 422 is about the step (a plan, the terms, a class
 * not open) and is said beside its button; anything else is said above, and after a 409 (prices, the
 * plan, the date, a class filled) the builder is read again and the selection keeps what still holds.
 * Answers whether the figures moved, so the wizard can go back to where they are reviewed.
 */
export function takeRefusal(error: unknown, w: Wizard): { moved: boolean } {
  if (isApiError(error) && error.status === 422) {
    w.setRefusal(errorText(error));
    return { moved: false };
  }
  w.setConflict(errorText(error));
  if (!(isApiError(error) && error.status === 409)) return { moved: false };
  void w.reload().then((fresh) => fresh && w.setSelection((s) => reconcile(fresh, s)));
  return { moved: true };
}
