import type { AnswerOf, cardCalls } from '@pirouette/domain';
import { FinixHostedCardForm } from './finix-hosted-card-form';
import { SandboxCardForm } from './sandbox-card-form';

/** How the browser turns a card into a token, as the server says (`cardOnFile`'s `tokenizer`). */
export type Tokenizer = AnswerOf<typeof cardCalls.cardOnFile>['tokenizer'];

export type CardFormProps = {
  /** The submit button's words: "Save card", "Save and continue". */
  submitLabel: string;
  /** Saves the token the form made; a rejection is shown in the form, above its buttons. */
  onToken: (token: string) => Promise<unknown>;
  onCancel: () => void;
  cancelLabel?: string;
};

/**
 * A card form (decision 028 point 2): the card is tokenized in the browser and only the token is handed
 * on. Under Finix, Finix.js's hosted fields; under the sandbox, our stand-in form posting to the
 * simulated processor. Either way the card's number never reaches the API.
 */
export function CardForm({ tokenizer, ...props }: CardFormProps & { tokenizer: Tokenizer }) {
  return tokenizer.kind === 'finix' ? (
    <FinixHostedCardForm
      environment={tokenizer.environment}
      applicationId={tokenizer.applicationId}
      {...props}
    />
  ) : (
    <SandboxCardForm tokenUrl={tokenizer.tokenUrl} {...props} />
  );
}
