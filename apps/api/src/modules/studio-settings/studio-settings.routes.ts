import { studioSettingsCalls } from '@pirouette/domain';
import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../../deps';
import { actorOfRequest } from '../../http/access';
import { routes } from '../../http/route';
import { getStudioSettings, saveMoneySettings, saveStudioDetails } from './studio-settings.service';

export function studioSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  routes(app, studioSettingsCalls, {
    get: ({ request }) => getStudioSettings({ db, actor: actorOfRequest(request) }),
    saveStudio: ({ request, body }) => saveStudioDetails({ db, actor: actorOfRequest(request), input: body }),
    saveMoney: ({ request, body }) => saveMoneySettings({ db, actor: actorOfRequest(request), input: body }),
  });
}
