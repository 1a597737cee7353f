import type { CardFormProps, Tokenizer } from './card-form-props';
import { FinixHostedCardForm } from './finix-hosted-card-form';
import { SandboxCardForm } from './sandbox-card-form';

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

export type { CardFormProps, Tokenizer } from './card-form-props';
