import {
  moneySettingsInput,
  moneySettingsSaved,
  ok,
  okSchema,
  studioDetailsInput,
  studioDetailsSaved,
  studioSettingsResult,
} from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { getStudioSettings, saveMoneySettings, saveStudioDetails } from './studio-settings.service';

const tags = ['studio settings'];

export function studioSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/mystudio/settings',
    {
      config: { access: 'owner', cache: true },
      schema: {
        tags,
        summary: "The studio's details and money settings (amounts in cents)",
        response: { 200: okSchema(studioSettingsResult) },
      },
    },
    async (request) => ok(await getStudioSettings({ db: deps.db, actor: actorOfRequest(request) })),
  );

  r.put(
    '/api/mystudio/settings/studio',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: "Change the studio's name, address, phone, e-mail and time zone",
        body: studioDetailsInput,
        response: { 200: okSchema(studioDetailsSaved) },
      },
    },
    async (request) =>
      ok(await saveStudioDetails({ db: deps.db, actor: actorOfRequest(request), input: request.body })),
  );

  r.put(
    '/api/mystudio/settings/money',
    {
      config: { access: 'owner' },
      schema: {
        tags,
        summary: 'Change the unlimited cap, the sibling index mode and the fees (amounts in cents)',
        description: 'The whole setting: fields left out take their defaults.',
        body: moneySettingsInput,
        response: { 200: okSchema(moneySettingsSaved) },
      },
    },
    async (request) =>
      ok(await saveMoneySettings({ db: deps.db, actor: actorOfRequest(request), input: request.body })),
  );
}
