import type { AnswerOf, cardCalls } from '@pirouette/domain';

/** How the browser turns a card into a token, as the server says (`cardOnFile`'s `tokenizer`). */
export type Tokenizer = AnswerOf<typeof cardCalls.cardOnFile>['tokenizer'];

/** What every card form takes, the sandbox's and Finix's alike. */
export type CardFormProps = {
  /** The submit button's words: "Save card", "Save and continue". */
  submitLabel: string;
  /** Saves the token the form made; a rejection is shown in the form, above its buttons. */
  onToken: (token: string) => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
};
