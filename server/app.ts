import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import { loadSecret, TokenService } from './auth/jwt.ts';
import { createMailer, type Mailer } from './auth/mailer.ts';
import { Sessions } from './auth/sessions.ts';
import { RolePermissions } from './auth/rolePermissions.ts';
import { SessionVersions } from './auth/sessionVersions.ts';
import type { Config } from './config.ts';
import type { Database } from './db/database.ts';
import { PLATFORM } from './db/scope.ts';
import { authHook } from './http/authHook.ts';
import { ApiError, problem } from './shared/errors.ts';
import { clientFault, inputGuard } from './http/inputGuard.ts';
import { lazyValidators } from './http/lazyValidators.ts';
import { BAD_REQUEST, schemaRefusal, VIOLATION } from './http/routeSchema.ts';
import { faithfulSerializers } from './http/answerSerializers.ts';
import { lazySerializers } from './http/lazySerializers.ts';
import { securityHeaders } from './http/securityHeaders.ts';
import { serveBuild, wire } from './http/wire.ts';
import { writeBudget } from './http/writeBudget.ts';
import { declarations } from './resources/definitions/index.ts';
import { ResourceEngine } from './resources/engine.ts';
import { resourceRoutes } from './resources/plugin.ts';
import { loadSchemaInfo } from './resources/schemaInfo.ts';
import { actionRoutes } from './routes/actions/index.ts';
import { accountRoutes } from './routes/account.ts';
import { apiDocsRoutes } from './routes/apiDocs.ts';
import { authRoutes } from './routes/auth.ts';
import { invitationRoutes } from './routes/invitations.ts';
import { csvImportRoutes } from './routes/csvImport.ts';
import { notificationTemplateRoutes } from './routes/notificationTemplates.ts';
import { documentRoutes, sweepAnonymousUploads, SWEEP_EVERY_SECONDS } from './routes/documents.ts';
import { ticketAttachmentRoutes } from './routes/ticketAttachments.ts';
import { sweepPendingAttachments } from './tickets/attachments.ts';
import { FILE_REMOVALS_EVERY_SECONDS, removeUnheldFiles } from './storage/fileRemovals.ts';
import { courseTransferRoutes } from './routes/courseTransfer.ts';
import { importRoutes } from './routes/imports.ts';
import { platformRoutes } from './routes/platform.ts';
import { publicRoutes } from './routes/public.ts';
import { onboardingRoutes } from './routes/onboarding.ts';
import { BanClient, type AddressSearch } from './integrations/addresses.ts';
import { RechercheEntreprisesClient, type EstablishmentSearch } from './integrations/establishments.ts';
import { StripeClient, type PaymentProvider } from './integrations/payments.ts';
import { createPushNotifier, type PushNotifier } from './notify/pushover.ts';
import { PARTIAL_UPLOADS_SWEEP_EVERY_SECONDS, sweepPartialUploads, type FileStorage } from './storage/fileStorage.ts';
import { openFileStorage } from './storage/openFileStorage.ts';
import { errorCallRoutes } from './routes/errorCall.ts';
import { RouteTemplates } from './http/routeTemplates.ts';
import { healthRoutes } from './routes/health.ts';
import { Counters } from './bounds/counters.ts';
import { rowCapRefusal } from './bounds/rowCaps.ts';
import { WriteBudgets } from './bounds/writeBudgets.ts';
import { REQUEST_ID_LOG_LABEL, requestIdOptions, requestIds } from './http/requestIds.ts';
import { Metrics, metricsPlugin } from './http/metrics.ts';
import { timedView } from './db/timedDatabase.ts';
import { JobScheduler } from './jobs/scheduler.ts';
import { expireRetained, RETENTION_EVERY_SECONDS } from './jobs/retention.ts';
import { RETENTION_JOB } from '../src/domain/retention.ts';
import { ImportSlots } from './bounds/importSlots.ts';
import { purgeExpired, PURGE_EVERY_SECONDS } from './resources/recycleBin.ts';
import { purgeRetiredNodes, RETIRED_PURGE_EVERY_SECONDS } from './resources/liveVersion.ts';
import { recycleBinRoutes } from './routes/recycleBin.ts';
import { LiveHub, pruneLiveEvents, PRUNE_EVERY_SECONDS } from './live/liveHub.ts';
import { StreamSlots } from './live/streamSlots.ts';
import { StreamTickets } from './live/streamTickets.ts';
import { eventRoutes } from './routes/events.ts';
import { revisionRoutes } from './routes/revisions.ts';
import { rolePermissionRoutes } from './routes/rolePermissions.ts';
import { savedViewRoutes } from './routes/savedViews.ts';
import { enrolmentRoutes } from './routes/enrolments.ts';
import { enrolmentRuleRoutes } from './routes/enrolmentRules.ts';
import { recertifyExpired, RECERTIFY_EVERY_SECONDS } from './learning/recertification.ts';
import { learningRoutes } from './routes/learning.ts';
import { LEARNING_AGGREGATES_JOB, refreshLearningAggregates } from './learning/aggregates.ts';
import { searchRoutes } from './routes/search.ts';
import { ticketDeskRoutes } from './routes/ticketDesk.ts';
import { helpdeskRoutes } from './routes/helpdesk.ts';
import { mentionRoutes } from './routes/mentions.ts';
import { MentionMails } from './notify/mentionMails.ts';
import { ticketPresenceRoutes } from './routes/ticketPresence.ts';
import { TicketPresence } from './tickets/ticketPresence.ts';
import { PRESENCE_BUDGET } from '../src/domain/presence.ts';
import { TicketNotifier } from './tickets/ticketNotifier.ts';
import { learningMails } from './learning/mailJobs.ts';
import { reportSubscriptionRoutes } from './routes/reportSubscription.ts';
import { personalDataRoutes } from './routes/personalData.ts';
import { structureDataRoutes } from './routes/structureData.ts';
import { PERSONAL_DATA_JOB, PERSONAL_DATA_JOB_EVERY_SECONDS, runPersonalDataRequests } from './privacy/requests.ts';

export interface AppContext {
  app: FastifyInstance;
  tokens: TokenService;
  sessions: Sessions;
  engine: ResourceEngine;
  mailer: Mailer;
  /** The live events of this process (server-sent events). */
  hub: LiveHub;
  /** Where uploaded files are kept. */
  files: FileStorage;
  /**
   * Starts a graceful stop: the readiness answer turns 503 so that load balancers send no new requests,
   * while this process still serves those that come; `app.close()` then ends it.
   */
  drain(): void;
}

export interface AppOptions {
  /** Log at `config.logLevel` (errors with their stack); off by default, for tests and benches. */
  logger?: boolean;
  /** One line per request and response too (LOG_REQUESTS=1). */
  logRequests?: boolean;
  /** Where the log goes instead of stdout (implies `logger`): tests read what was logged. */
  logStream?: { write(line: string): void };
  /** Serve the built back-office from `config.distDir` (the API alone otherwise). */
  serveApp?: boolean;
  /** Where e-mails go; by default SMTP_URL, or the outbox folder of the data directory. */
  mailer?: Mailer;
  /** Where on-call pushes go; by default Pushover when configured, or the outbox folder. */
  push?: PushNotifier;
  establishments?: EstablishmentSearch;
  addresses?: AddressSearch;
  payments?: PaymentProvider;
  /** The file store, kept open by the caller; by default the configured one, closed with the app. */
  files?: FileStorage;
  /** Answer 500 when a response schema would drop or change what a handler answered (tests). */
  faithfulAnswers?: boolean;
}

/** Counters whose window is over, and other rows past their use, are dropped this often (until then, harmless). */
const EXPIRED_ROWS_SWEEP_SECONDS = 600;

/** The Fastify app over an open, migrated database. Tests build it in-process and call `app.inject`. */
export async function buildApp(config: Config, given: Database, options: AppOptions = {}): Promise<AppContext> {
  // The operator's figures of this process (/metrics): every statement the app sends is timed.
  let liveStreams = () => 0;
  const metrics = new Metrics({
    liveStreams: () => liveStreams(),
    pool: given.poolStats ? () => given.poolStats!() : undefined,
  });
  const db = timedView(given, metrics.statement);
  const validators = lazyValidators();
  const app = Fastify({
    logger:
      options.logger || options.logStream
        ? { level: config.logLevel, ...(options.logStream ? { stream: options.logStream } : {}) }
        : false,
    logController: new LogController({
      disableRequestLogging: !options.logRequests,
      requestIdLogLabel: REQUEST_ID_LOG_LABEL,
    }),
    bodyLimit: 2 * 1024 * 1024,
    trustProxy: false,
    ...requestIdOptions,
    schemaController: {
      compilersFactory: {
        buildValidator: validators.buildValidator,
        buildSerializer: lazySerializers(options.faithfulAnswers ? faithfulSerializers() : undefined),
      },
    },
    // Route schemas check what clients sent as they sent it ("12" is not a number) and report every field.
    ajv: {
      customOptions: { coerceTypes: false, allErrors: true, allowUnionTypes: true, keywords: [VIOLATION, BAD_REQUEST] },
    },
  });
  app.decorate('compileRouteValidators', validators.compileAll);
  // Before any route: the incident list names the route a reported path called.
  const routes = new RouteTemplates();
  routes.listen(app);
  const secret = await loadSecret(config.jwtSecret, config.dataDir);
  const tokens = new TokenService(secret, config.jwtTtl);
  const engine = new ResourceEngine(
    db,
    await loadSchemaInfo(db, declarations),
    { uploadMaxMb: config.uploadMaxMb },
    config.recycleBinDays,
  );
  // Sign-in, sessions and their versions concern any structure's people before any scope exists: they
  // work on the platform's scope, and on credentials only.
  const platformDb = db.scoped(PLATFORM);
  const sessions = new Sessions(platformDb, tokens, config.refreshTtl);
  const mailer = metrics.countMails(
    options.mailer ?? createMailer(config.smtpUrl, config.dataDir, (line) => app.log.info(line)),
  );
  const learning = learningMails(config, secret, platformDb, mailer, (error, what) =>
    app.log.error({ err: error }, `${what} was not sent`),
  );

  // API Platform clients send JSON-LD and merge-patch bodies: they are JSON.
  app.addContentTypeParser(
    ['application/ld+json', 'application/merge-patch+json'],
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'ignore'),
  );

  app.setErrorHandler((error, request, reply) => {
    const route = `${request.method} ${request.routeOptions.url ?? request.url.split('?')[0]}`;
    // A cap the database holds (bounds/rowCaps.ts) refused the write: the 422 of that cap.
    const fault = rowCapRefusal(error) ?? clientFault(error, request);
    if (fault) {
      // Kept visible (a value a handler should have checked), but it is the request's fault, not a 500.
      if (!(error instanceof ApiError)) request.log.warn({ err: error }, `${route}: a value the database refused`);
      return reply.status(fault.status).type(fault.contentType).send(fault.body);
    }
    const refused = schemaRefusal(error, request);
    if (refused) return reply.status(refused.status).type(refused.contentType).send(refused.body);
    if (error instanceof ApiError) {
      if (error.status >= 500) request.log.error({ err: error }, `${route} answered ${error.status}`);
      return reply.status(error.status).headers(error.headers).type(error.contentType).send(error.body);
    }
    const status = (error as { statusCode?: number }).statusCode;
    if (status && status >= 400 && status < 500) {
      const mapped = problem(status, (error as Error).message);
      return reply.status(status).type(mapped.contentType).send(mapped.body);
    }
    // pino serialises `err` with its stack: every 500 can be traced, request logging on or not.
    request.log.error({ err: error }, `${route} failed`);
    // The id a user can quote to support, who finds the logged error by it.
    const failure = problem(500, 'Internal Server Error', { requestId: request.id });
    return reply.status(500).type(failure.contentType).send(failure.body);
  });

  await app.register(requestIds);
  await app.register(metricsPlugin, { metrics, token: config.metricsToken });
  await app.register(securityHeaders, {
    apiUrl: config.apiUrl,
    stripe: config.stripe.publishableKey ? { jsUrl: config.stripe.jsUrl, apiUrl: config.stripe.url } : undefined,
  });
  await app.register(wire);
  await app.register(apiDocsRoutes);
  const versions = new SessionVersions(platformDb, config.jwtTtl);
  await versions.start();
  app.addHook('onClose', () => versions.close());
  app.addHook('onSend', async (request) => {
    // Refused writes too: a refresh token presented twice revokes its session and answers 401.
    if (request.method !== 'GET' && request.method !== 'HEAD') await versions.settle();
  });
  const permissions = new RolePermissions(platformDb);
  await permissions.start();
  app.addHook('onClose', () => permissions.close());
  await app.register(authHook, { tokens, versions, permissions });
  await app.register(writeBudget, { db, budget: config.writeBudget });
  await app.register(inputGuard);
  const files = options.files ?? (await openFileStorage(config));
  if (!options.files) app.addHook('onClose', () => files.close());
  let draining = false;
  await app.register(healthRoutes, { db, files, draining: () => draining });
  await app.register(authRoutes, { db: platformDb, sessions, mailer, engine });
  // The account page works on the session's own user, whichever structure platform staff are looking at.
  await app.register(accountRoutes, { db: platformDb });
  await app.register(invitationRoutes, { db, sessions, mailer, appUrl: config.appUrl });
  await app.register(csvImportRoutes, { db, engine, mailer, appUrl: config.appUrl });
  await app.register(notificationTemplateRoutes, { db, mailer });
  await app.register(errorCallRoutes, { db: platformDb, routes });
  await app.register(resourceRoutes, { engine });
  await app.register(actionRoutes, {
    db,
    engine,
    files,
    ticketNotifier: new TicketNotifier(platformDb, mailer, config.appUrl),
  });
  await app.register(ticketDeskRoutes, { db });
  await app.register(helpdeskRoutes, { db });
  await app.register(mentionRoutes, {
    db,
    engine,
    mails: new MentionMails(platformDb, mailer, config.appUrl, (error) => app.log.error(error)),
  });
  await app.register(ticketPresenceRoutes, { db });
  await app.register(revisionRoutes, { db, engine });
  await app.register(searchRoutes, { db });
  await app.register(savedViewRoutes, { db });
  await app.register(learningRoutes, { db });
  await app.register(reportSubscriptionRoutes, { db });
  await app.register(enrolmentRoutes, { db });
  await app.register(enrolmentRuleRoutes, { db });
  await app.register(rolePermissionRoutes, { db, permissions });
  const hub = new LiveHub(platformDb);
  liveStreams = () => hub.listeners;
  await hub.start();
  app.addHook('onClose', () => hub.stop());
  await app.register(eventRoutes, {
    hub,
    tickets: new StreamTickets(secret, db),
    versions,
    slots: new StreamSlots(platformDb, config.liveStreamsPerUser),
  });
  await app.register(documentRoutes, {
    db,
    engine,
    files,
    uploadMaxMb: config.uploadMaxMb,
    publicUploads: config.publicUploads,
  });
  await app.register(ticketAttachmentRoutes, { db, files, uploadMaxMb: config.uploadMaxMb });
  await app.register(recycleBinRoutes, { db, engine, files });
  await app.register(personalDataRoutes, { db, files, config });
  await app.register(structureDataRoutes, { db, files });
  // Course and XMind imports share this process's slots (per process by design: server/bounds/importSlots.ts).
  const importSlots = new ImportSlots(config.importsAtOnce);
  await app.register(importRoutes, { db, engine, uploadMaxMb: config.uploadMaxMb, importSlots });
  await app.register(courseTransferRoutes, {
    db,
    engine,
    files,
    uploadMaxMb: config.uploadMaxMb,
    courseImportMaxMb: config.courseImportMaxMb,
    importSlots,
  });
  await app.register(publicRoutes, {
    db: platformDb,
    establishments: options.establishments ?? new RechercheEntreprisesClient(config.establishmentSearchUrl),
  });
  // Signing a structure up, and its plan: each call names its structure from the session (a super admin's
  // choice, a structure admin's own), on the platform's scope.
  await app.register(onboardingRoutes, {
    db: platformDb,
    optOuts: learning.optOuts,
    sessions,
    mailer,
    addresses: options.addresses ?? new BanClient(config.addressSearchUrl),
    payments:
      options.payments ??
      (config.stripe.secretKey
        ? new StripeClient({ secretKey: config.stripe.secretKey, url: config.stripe.url })
        : undefined),
    publishableKey: config.stripe.publishableKey,
    stripeJsUrl: config.stripe.jsUrl,
    registrationsPerHour: config.registrationsPerHour,
    appUrl: config.appUrl,
  });
  await app.register(platformRoutes, { db, push: options.push ?? createPushNotifier(config.pushover, config.dataDir) });

  // Periodic work, run by one process of all (server/jobs/scheduler.ts); a failed run is logged and tried again next time.
  // Periodic work is the platform's own, over every structure's rows.
  const jobs = new JobScheduler(db, {
    leaseMs: config.jobLeaseSeconds * 1000,
    onError: (job, error) => app.log.error({ err: error }, `The periodic job ${job} failed`),
    onRun: (job, failed) => metrics.jobRan(job, failed),
  })
    .define({
      name: 'anonymous-upload-sweep',
      everySeconds: SWEEP_EVERY_SECONDS,
      run: () => sweepAnonymousUploads(platformDb, files, config.publicUploads.ttl),
    })
    .define({
      name: 'ticket-attachments-sweep',
      everySeconds: SWEEP_EVERY_SECONDS,
      run: () => sweepPendingAttachments(platformDb, files),
    })
    .define({
      name: 'file-removals',
      everySeconds: FILE_REMOVALS_EVERY_SECONDS,
      run: () => removeUnheldFiles(platformDb, files),
    })
    .define({
      name: 'partial-uploads-sweep',
      everySeconds: PARTIAL_UPLOADS_SWEEP_EVERY_SECONDS,
      run: () => sweepPartialUploads(files),
    })
    .define({
      name: 'recycle-bin-purge',
      everySeconds: PURGE_EVERY_SECONDS,
      run: () => purgeExpired(platformDb, files),
    })
    .define({ name: 'live-events-prune', everySeconds: PRUNE_EVERY_SECONDS, run: () => pruneLiveEvents(platformDb) })
    .define({
      name: 'retired-nodes-purge',
      everySeconds: RETIRED_PURGE_EVERY_SECONDS,
      run: () => purgeRetiredNodes(platformDb),
    })
    .define({
      name: 'learning-recertification',
      everySeconds: RECERTIFY_EVERY_SECONDS,
      run: () => recertifyExpired(platformDb),
    })
    .define({
      name: LEARNING_AGGREGATES_JOB,
      everySeconds: config.learningAggregatesSeconds,
      run: () => refreshLearningAggregates(db),
    })
    .define({
      name: RETENTION_JOB,
      everySeconds: RETENTION_EVERY_SECONDS,
      run: () => expireRetained(platformDb, config.retentionDays),
    })
    .define({
      name: PERSONAL_DATA_JOB,
      everySeconds: PERSONAL_DATA_JOB_EVERY_SECONDS,
      run: () => runPersonalDataRequests(platformDb),
    })
    .define({
      name: 'expired-rows-sweep',
      everySeconds: EXPIRED_ROWS_SWEEP_SECONDS,
      run: async () => {
        await new Counters(db).sweep();
        await new WriteBudgets(db, config.writeBudget).sweep();
        await new WriteBudgets(db, PRESENCE_BUDGET, 'presence_budgets').sweep();
        await TicketPresence.sweep(platformDb);
        await sessions.forgetExpiredCarries();
      },
    });
  for (const job of learning.jobs) jobs.define(job);
  app.addHook('onReady', () => jobs.start());
  app.addHook('onClose', () => jobs.stop());

  const serveApp = options.serveApp ?? true;
  const indexFile = join(config.distDir, 'index.html');
  if (serveApp && existsSync(indexFile)) {
    await serveBuild(app, config.distDir);
    app.get('/', (_request, reply) => reply.sendFile('index.html'));
  }
  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0];
    // The back-office routes its own paths: any non-API GET is the single-page app.
    if (serveApp && request.method === 'GET' && !path.startsWith('/api/') && existsSync(indexFile))
      return reply.sendFile('index.html');
    const missing = problem(404, `No route matches ${request.method} ${path}.`);
    return reply.status(404).type(missing.contentType).send(missing.body);
  });

  return {
    app,
    tokens,
    sessions,
    engine,
    mailer,
    hub,
    files,
    drain: () => {
      draining = true;
    },
  };
}
