import fastifyCookie from '@fastify/cookie';
import fastifySwagger from '@fastify/swagger';
import fastifySwaggerUi from '@fastify/swagger-ui';
import { APP_DESCRIPTION, APP_NAME, fail, messages } from '@pirouette/domain';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import type { AppDeps } from './deps';
import { registerAccess } from './http/access';
import { answerSerializerCompiler } from './http/answer-serializer';
import { registerErrorHandling } from './http/error-handler';
import { registerInputGuard } from './http/input-guard';
import { loggerOptions, requestLog, requestLogger } from './http/logging';
import { renderedPages, sendRendered } from './http/rendered-pages';
import { registerSameOrigin } from './http/same-origin';
import { registerSecurityHeaders } from './http/security-headers';
import { validatorCompiler } from './http/validator';
import { registerWebAssets } from './http/web-assets';
import { registerDevMailRoutes } from './mail/dev-routes';
import { accountRoutes } from './modules/accounts/accounts.routes';
import { parentAccountRoutes } from './modules/accounts/parent-account.routes';
import { parentTermsRoutes } from './modules/accounts/parent-terms.routes';
import { rollRoutes } from './modules/attendance';
import { closureRoutes } from './modules/attendance/closures.routes';
import { makeupRoutes } from './modules/attendance/makeups.routes';
import { attendanceReportRoutes } from './modules/attendance/reports.routes';
import { findLiveSession } from './modules/auth/auth.queries';
import { authRoutes } from './modules/auth/auth.routes';
import { depositAndClosingRoutes } from './modules/books/books.routes';
import { booksReportRoutes } from './modules/books/reports.routes';
import { calendarFeedRoutes } from './modules/calendar/calendar.routes';
import { classRegistrationRoutes } from './modules/class-registration/class-registration.routes';
import { competitionRoutes } from './modules/competitions/competitions.routes';
import { familyCompetitionRoutes } from './modules/competitions/family-competitions.routes';
import { competitionOverviewRoutes } from './modules/competitions/overview.routes';
import { competitionRegistrationRoutes } from './modules/competitions/registration.routes';
import { costumeRoutes } from './modules/costumes/costumes.routes';
import { familyCostumeRoutes } from './modules/costumes/family-costumes.routes';
import { dataExportRoutes } from './modules/data-export/export.routes';
import { discountRoutes } from './modules/discounts/discounts.routes';
import { doorRoutes } from './modules/door';
import { familyPeopleRoutes } from './modules/family-people/family-people.routes';
import { formInputRoutes } from './modules/form-inputs/form-inputs.routes';
import { genreRoutes } from './modules/genres/genres.routes';
import { healthRoutes } from './modules/health/health.routes';
import { importRoutes } from './modules/imports/imports.routes';
import { ledgerRoutes } from './modules/ledger/ledger.routes';
import { locationRoutes } from './modules/locations/locations.routes';
import { paymentSystemRoutes } from './modules/payment-system/payment-system.routes';
import { paymentRoutes } from './modules/payments/payments.routes';
import { payoutRoutes } from './modules/payments/payouts.routes';
import { sandboxRoutes } from './modules/payments/providers';
import { privateRoutes } from './modules/privates/privates.routes';
import { recitalFeeRoutes } from './modules/recital-fees';
import { recitalReportRoutes } from './modules/recital-reports';
import { recitalRoutes, recitalShowRoutes } from './modules/recitals';
import { registrationRoutes } from './modules/registration/registration.routes';
import { scheduleRoutes } from './modules/schedule/schedule.routes';
import { staffRoutes } from './modules/staff';
import { studioSettingsRoutes } from './modules/studio-settings/studio-settings.routes';
import { studioSetupRoutes } from './modules/studio-setup/studio-setup.routes';
import { teacherRoutes } from './modules/teachers/teachers.routes';
import { termsDocumentRoutes } from './modules/terms-documents/terms-documents.routes';
import { ticketRoutes } from './modules/tickets';
import { tuitionRoutes } from './modules/tuition/tuition.routes';
import { venueRoutes } from './modules/venue';
import { waitlistRoutes } from './modules/waitlist/waitlist.routes';
import { yearTermRoutes } from './modules/year-terms/year-terms.routes';

export type { AppDeps } from './deps';

const CSP = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:'],
  fontSrc: ["'self'", 'data:'],
  connectSrc: ["'self'"],
  frameAncestors: ["'none'"],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
};

/**
 * Under Finix, the browser loads Finix.js from Finix's address and its card fields are frames of it
 * (decision 028): the card number is typed into Finix's page, never ours.
 */
const FINIX_JS = {
  scriptSrc: [...CSP.scriptSrc, 'https://js.finix.com'],
  frameSrc: ['https://js.finix.com'],
};

/** The whole server, built from what it is handed: tests hand it a fresh database and their own clock. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(deps.config, deps.logStream),
    logController: requestLog(deps.config),
    childLoggerFactory: requestLogger,
    trustProxy: deps.config.trustProxy,
    routerOptions: {
      caseSensitive: false,
      ignoreTrailingSlash: true,
      // E-mail addresses and link tokens travel in paths; long ones get a 400 from validation, not a 404.
      maxParamLength: 2048,
    },
    bodyLimit: 256 * 1024,
    // A malformed escape or an over-long parameter is refused before routing: the same envelope too.
    frameworkErrors: (error, _request, reply: FastifyReply) =>
      reply.status(error.statusCode ?? 400).send(fail(messages.invalidInput)),
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(answerSerializerCompiler({ check: deps.config.checkAnswers }));

  await app.register(fastifyCookie, { secret: deps.cookieSecret });
  registerSecurityHeaders(app, {
    // Upgrading requests to HTTPS only makes sense when the app is served over HTTPS; on a plain-HTTP
    // address (a studio's own machine) it would break every asset.
    contentSecurityPolicy: {
      directives: {
        ...CSP,
        ...(deps.provider.browser.kind === 'finix' ? FINIX_JS : {}),
        upgradeInsecureRequests: deps.config.secureCookies ? [] : null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  await app.register(fastifySwagger, {
    openapi: {
      info: { title: `${APP_NAME} API`, description: APP_DESCRIPTION, version: '0.1.0' },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'header', name: 'x-access-token' } },
      },
      security: [{ session: [] }],
    },
    transform: jsonSchemaTransform,
  });
  await app.register(fastifySwaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  registerErrorHandling(app);
  registerInputGuard(app);
  registerSameOrigin(app, deps);
  registerAccess(app, {
    ...deps,
    findSession: (tokenHash, now) => findLiveSession(deps.db, tokenHash, now),
  });

  healthRoutes(app, deps);
  authRoutes(app, deps);
  registrationRoutes(app, deps);
  yearTermRoutes(app, deps);
  // Studio configuration (owner only).
  locationRoutes(app, deps);
  teacherRoutes(app, deps);
  termsDocumentRoutes(app, deps);
  tuitionRoutes(app, deps);
  paymentSystemRoutes(app, deps);
  discountRoutes(app, deps);
  genreRoutes(app, deps);
  rollRoutes(app, deps);
  studioSettingsRoutes(app, deps);
  studioSetupRoutes(app, deps);
  // The class schedule and private lessons (owner only).
  scheduleRoutes(app, deps);
  privateRoutes(app, deps);
  // Closures and the class meetings (issue 36, decision 062).
  closureRoutes(app, deps);
  formInputRoutes(app, deps);
  accountRoutes(app, deps);
  parentAccountRoutes(app, deps);
  classRegistrationRoutes(app, deps);
  waitlistRoutes(app, deps);
  ledgerRoutes(app, deps);
  booksReportRoutes(app, deps);
  paymentRoutes(app, deps);
  payoutRoutes(app, deps);
  depositAndClosingRoutes(app, deps);
  costumeRoutes(app, deps);
  familyCostumeRoutes(app, deps);
  makeupRoutes(app, deps);
  competitionRoutes(app, deps);
  competitionRegistrationRoutes(app, deps);
  competitionOverviewRoutes(app, deps);
  familyCompetitionRoutes(app, deps);
  calendarFeedRoutes(app, deps);
  parentTermsRoutes(app, deps);
  familyPeopleRoutes(app, deps);
  // Moving a studio in (issue 35).
  importRoutes(app, deps);
  dataExportRoutes(app, deps);
  attendanceReportRoutes(app, deps);
  recitalRoutes(app, deps);
  recitalShowRoutes(app, deps);
  venueRoutes(app, deps);
  doorRoutes(app, deps);
  recitalFeeRoutes(app, deps);
  recitalReportRoutes(app, deps);
  ticketRoutes(app, deps);
  staffRoutes(app, deps);
  if (!deps.config.smtpUrl) await registerDevMailRoutes(app, { db: deps.db });
  if (deps.sandbox) sandboxRoutes(app, deps.sandbox);

  const hasWeb = await registerWebAssets(app, deps.config.webDist);

  // The parent portal's home rendered by the server when the web's server build is there (decision 093).
  const renderedPage = renderedPages(app, deps.config.webDist);

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0]!.toLowerCase();
    // A missing built file (an old page asking for a chunk a new build replaced) is a 404, not the
    // page: the page's script then sees its import fail and reloads (lib/chunk-reload.ts).
    const isPage =
      request.method === 'GET' &&
      !path.startsWith('/api') &&
      !path.startsWith('/dev/') &&
      !path.startsWith('/assets/');
    if (hasWeb && isPage) {
      const rendered = await renderedPage(request);
      if (rendered) return sendRendered(request, reply, rendered);
      // The web app routes everything else, its own not-found page included.
      return reply.header('cache-control', 'no-cache').sendFile('index.html');
    }
    return reply.status(404).send(fail(messages.pageNotFound));
  });

  return app;
}
