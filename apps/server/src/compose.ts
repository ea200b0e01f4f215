import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import pino, { type Logger } from 'pino';
import { commentsRoutes } from './comments/comments.routes.js';
import { concealmentRoutes } from './concealment/concealment.routes.js';
import { contestRoutes } from './contest/contest.routes.js';
import { designsRoutes } from './designs/designs.routes.js';
import { galleryRoutes } from './gallery/gallery.routes.js';
import { generationRoutes } from './generation/generation.routes.js';
import { groundRoutes } from './ground/ground.routes.js';
import { huntRoutes } from './hunt/hunt.routes.js';
import { moderationRoutes } from './moderation/moderation.routes.js';
import { systemRoutes } from './system/system.routes.js';
import { usersRoutes } from './users/users.routes.js';
import { votesRoutes } from './votes/votes.routes.js';
import { createDesignsRepository } from './designs/designs.repository.js';
import { createDesignsService } from './designs/designs.service.js';
import { designsJobs } from './designs/designs.jobs.js';
import { createCommentsRepository } from './comments/comments.repository.js';
import { createCommentsService } from './comments/comments.service.js';
import { createGalleryRepository } from './gallery/gallery.repository.js';
import { createGalleryService } from './gallery/gallery.service.js';
import { createVotesRepository } from './votes/votes.repository.js';
import { createVotesService } from './votes/votes.service.js';
import { createEngine, defaultEngineThreads, type Engine } from './engine/engine.js';
import { createEngineProvider } from './generation/engine-provider.js';
import { withFaultInjection } from './generation/fault-injection.js';
import { createProviderUsage } from './generation/provider-usage.repository.js';
import { createGenerationRepository } from './generation/generation.repository.js';
import { createGenerationService } from './generation/generation.service.js';
import { generationJobs } from './generation/generation.jobs.js';
import { createProgressBus } from './generation/progress.js';
import type { DesignProvider } from './generation/provider.js';
import { createFilesRepository } from './files/files.repository.js';
import { createFilesService } from './files/files.service.js';
import { createModerationRepository } from './moderation/moderation.repository.js';
import { createModerationService } from './moderation/moderation.service.js';
import { createHuntRepository } from './hunt/hunt.repository.js';
import { createDesignMeasuresService } from './hunt/design-measures.service.js';
import { createHuntInsightsService } from './hunt/hunt-insights.service.js';
import { createRoundService } from './hunt/round.service.js';
import { huntJobs } from './hunt/hunt.jobs.js';
import { createContestRepository } from './contest/contest.repository.js';
import { createContestService } from './contest/contest.service.js';
import { contestJobs } from './contest/contest.jobs.js';
import { createConcealmentRepository } from './concealment/concealment.repository.js';
import { createCalibrationService } from './concealment/calibration.service.js';
import { createConcealmentService } from './concealment/concealment.service.js';
import { concealmentJobs } from './concealment/concealment.jobs.js';
import { createGroundIndex } from './ground/ground-index.js';
import { createGroundRepository } from './ground/ground.repository.js';
import { createGroundService } from './ground/ground.service.js';
import { groundJobs } from './ground/ground.jobs.js';
import { breedingRoutes } from './breeding/breeding.routes.js';
import { composeBreeding } from './breeding/breeding.compose.js';
import { lazyAuth, sessionCookieName } from './platform/auth/auth-gateway.js';
import { createAuthRepository } from './platform/auth/auth.repository.js';
import { createSessionResolver } from './platform/auth/session.js';
import { createSessionEvents } from './platform/auth/session-events.js';
import { adminWarningsOf, type Config } from './platform/config.js';
import type { Database } from './platform/db/database.js';
import { loggerOptions } from './platform/logger.js';
import { createMailer, type Mailer } from './platform/mailer.js';
import {
  createQueue,
  startDomainJobs,
  type DomainJobs,
  type JobMap,
  type JobName,
  type JobQueue,
} from './platform/queue.js';
import { betterAuthRateLimitStorage, createRequestCounter } from './platform/rate-limits.js';
import { createEngineWork } from './platform/engine-work.js';
import { createSharedCounters } from './platform/shared-counters.js';
import { createStorage, fileUrlBuilder, type Storage } from './platform/storage.js';
import { createUsersRepository } from './users/users.repository.js';
import { createUsersService } from './users/users.service.js';

/** A domain as compose.ts lists it: the routes and the jobs it declares. */
interface Domain {
  name: string;
  routes?: FastifyPluginAsyncZod;
  jobs?: DomainJobs;
}

export interface ComposeOptions {
  config: Config;
  database: Database;
  storage?: Storage;
  mailer?: Mailer;
  provider?: DesignProvider;
  /**
   * The engine's threads (engine/engine.ts): made here unless given; none (null) when a test gives
   * its own provider and no engine, and then what needs the engine is off.
   */
  engine?: Engine | null;
  /** Engine threads; one a core by default (engine/engine.ts#defaultEngineThreads). */
  engineThreads?: number;
  log?: Logger;
  /** The services' clock; the seed script sets it to spread a community over past months. */
  now?: () => Date;
}

/**
 * The one composition root: configuration, database, storage, queue, generator and services,
 * wired with plain factory functions. The HTTP server (app.ts) and a worker process both start
 * from here, so they cannot disagree about how a piece is built.
 */
export async function compose(options: ComposeOptions) {
  const { config, database, now } = options;
  const log = options.log ?? pino(loggerOptions(config) as pino.LoggerOptions);
  const storage = options.storage ?? createStorage(config);
  const fileUrl = fileUrlBuilder(config);
  const mailer = options.mailer ?? createMailer(config, log);
  const { db } = database;
  /** The same clock in milliseconds, for what keeps time in memory (a test moves it on instead of sleeping). */
  const nowMs = now ? () => now().getTime() : undefined;
  // Sign-outs, revocations and blocks in any process, from the database (decision 021).
  const sessionEvents = await createSessionEvents(database, log);
  const engine =
    options.engine !== undefined
      ? options.engine
      : options.provider
        ? null
        : createEngine({ threads: options.engineThreads });
  if (!engine && !options.provider) throw new Error('compose needs the engine or a design provider');
  engine?.ready.catch((error: unknown) => log.fatal({ err: error }, 'the engine cannot start'));
  const builtIn = options.provider ?? createEngineProvider(engine!);
  // With an image service configured, it draws the designs and the engine is its fallback.
  // Its client library is loaded only then: a start without one does not read it.
  const drawing = config.openai
    ? (await import('./generation/openai-provider.js')).createOpenAiProvider({
        settings: config.openai,
        fallback: builtIn,
        usage: createProviderUsage(db, 'openai'),
        log,
        now,
        flatTile: engine ? (image) => engine.flatTile({ image }) : undefined,
      })
    : builtIn;
  const provider = config.faultInjection ? withFaultInjection(drawing) : drawing;
  // Engine work a request asks for: kept by its inputs, bounded per person and in all (decision 025).
  const engineWork = createEngineWork({
    ...config.engineWork,
    running: config.engineWork.running ?? options.engineThreads ?? defaultEngineThreads(),
  });

  const usersRepository = createUsersRepository(db);
  const users = createUsersService(usersRepository, fileUrl, {
    contestTimeZone: config.contest.timeZone,
    minAccountAgeHours: config.contest.minAccountAgeHours,
    adminEmails: config.adminEmails,
    events: sessionEvents,
    now,
  });
  const displayName = async (userId: string) => (await usersRepository.findById(userId))?.displayName ?? null;

  const votesRepository = createVotesRepository(db);
  const gallery = createGalleryService(createGalleryRepository(db), fileUrl, votesRepository, {
    cacheMs: config.galleryCacheMs,
    contestTimeZone: config.contest.timeZone,
  });
  /** A job sent after the fact: the request that caused it never waits for it or fails with it. */
  const sendLater = <K extends JobName>(name: K, data: JobMap[K], options?: { singletonKey?: string }) =>
    void Promise.resolve()
      .then(() => requireQueue().send(name, data, options))
      .catch((error: unknown) => log.warn({ err: error, job: name, data }, 'job not queued'));
  const designsRepository = createDesignsRepository(db);
  const designs = createDesignsService({
    repo: designsRepository,
    storage,
    fileUrl,
    provider,
    displayName,
    onGalleryChange: () => gallery.invalidate(),
    // Measured on a worker, after the fact: a submission never waits for it.
    onSubmitted: (designId) => {
      sendLater('measure-design', { designId });
      sendLater('predict-design', { designId });
      sendLater('design-features', { designId });
    },
    queueEdit: async (designId, claimedAt) => {
      await requireQueue().send('edit-design', { designId, claimedAt: claimedAt.toISOString() });
    },
    editWaitMs: config.editWaitMs,
    editDeadlineMs: config.generationDeadlineMs,
    log,
    work: engineWork,
    now,
  });
  const votes = createVotesService(votesRepository, { onVote: () => gallery.invalidate(), now });
  const contest = createContestService({
    repo: createContestRepository(db),
    fileUrl,
    settings: config.contest,
    log,
    now,
  });
  const comments = createCommentsService(createCommentsRepository(db));
  const breeding = composeBreeding({
    ...{ db, config, storage, engine, log, now },
    designs: designsRepository,
    ground: () => groundRepository,
    submit: (id, userId, name) => designs.submit(id, userId, { name }),
    weights: () => concealment.activeWeights(),
    queue: () => requireQueue(),
  });
  const huntRepository = createHuntRepository(db, { minAccountAgeHours: config.contest.minAccountAgeHours });
  const hunt = {
    rounds: createRoundService({
      repo: huntRepository,
      storage,
      now,
      scenes: engine?.huntRound,
      work: engineWork,
      answersDir: config.huntAnswersDir,
      bred: breeding.service.rounds,
    }),
    insights: createHuntInsightsService({
      repo: huntRepository,
      contestTimeZone: config.contest.timeZone,
      fileUrl,
      now,
    }),
    measures: createDesignMeasuresService({
      repo: huntRepository,
      storage,
      log,
      engine,
      work: engineWork,
    }),
  };
  const concealmentRepository = createConcealmentRepository(db);
  const concealment = createConcealmentService({
    repo: concealmentRepository,
    storage,
    engine,
    log,
    work: engineWork,
    onRankChange: () => gallery.invalidate(),
    onDuskWanted: (designId) => sendLater('predict-dusk', { designId }, { singletonKey: designId }),
  });
  const calibration = createCalibrationService({
    repo: concealmentRepository,
    storage,
    engine,
    log,
    onRankChange: () => gallery.invalidate(),
    minAccountAgeHours: config.contest.minAccountAgeHours,
    now,
  });
  const groundRepository = createGroundRepository(db);
  const groundIndex = createGroundIndex({
    now: nowMs,
    load: (since) => groundRepository.featuresSince(since),
    visibility: {
      hidden: () => groundRepository.hiddenDesignIds(),
      count: () => groundRepository.featureCount(),
      ids: () => groundRepository.featureIds(),
    },
  });
  const ground = createGroundService({
    repo: groundRepository,
    index: groundIndex,
    storage,
    engine,
    weights: () => concealment.activeWeights(),
    cards: (ids, viewerId) => gallery.cards(ids, viewerId),
    design: (designId, viewerId) => concealment.designImage(designId, viewerId),
    requestScores: (photoId, eye, designIds) => sendLater('score-ground', { photoId, ...eye, designIds }),
    settings: { dailyLimit: config.groundPhotosPerDay },
    log,
    work: engineWork,
    now,
  });
  // Stored files go out through a check of who may see them now (decision 020).
  const files = createFilesService({
    repo: createFilesRepository(db),
    storage,
    isModerator: async (userId) => (await moderation.standing(userId)).admin,
  });
  const moderation = createModerationService({
    repo: createModerationRepository(db),
    fileUrl,
    adminEmails: config.adminEmails,
    warnings: adminWarningsOf(config),
    onPersonChange: (id) => sessionEvents.publish({ kind: 'person', id }),
    onContentChange: () => {
      gallery.invalidate();
      files.forget();
      // The rankings read which designs are hidden again at once (other processes within 5 s).
      groundIndex.invalidate();
    },
  });

  // The queue is created after the services that send to it; they reach it through this.
  const queueRef: { current?: JobQueue } = {};
  const requireQueue = (): JobQueue => {
    if (!queueRef.current) throw new Error('the job queue is not started');
    return queueRef.current;
  };
  const generation = createGenerationService({
    repo: createGenerationRepository(db),
    designsRepo: designsRepository,
    designs,
    storage,
    fileUrl,
    queue: requireQueue,
    provider,
    progress: createProgressBus(),
    settings: {
      dailyQuota: config.generationDailyQuota,
      siteDailyQuota: config.generationSiteDailyQuota,
      faultInjection: config.faultInjection,
      designDeadlineMs: config.generationDeadlineMs,
    },
    displayName,
    onGenerated: (designId) => sendLater('predict-design', { designId }),
    log,
    now,
  });
  queueRef.current = await createQueue(database, log);

  // Rate limits count per address across every API process (platform/rate-limits.ts); sign-in
  // (better-auth, created on first use) and the session resolver every route guards with.
  const counters = createSharedCounters(db, log, { now: nowMs });
  const requestCounter = createRequestCounter(counters);
  const auth = lazyAuth(async () =>
    (await import('./platform/auth/auth.js')).createAuth(
      config,
      db,
      mailer,
      { onSignIn: users.onSignIn },
      log,
      { rateLimitStorage: betterAuthRateLimitStorage(requestCounter) },
    ),
  );
  const authRepository = createAuthRepository(db);
  const sessions = createSessionResolver(auth, authRepository, {
    cookieName: sessionCookieName(config.publicUrl),
    standing: (userId) => moderation.standing(userId),
    events: sessionEvents,
  });

  // Each domain declares its routes (<domain>.routes.ts) and its jobs, schedules and start-up
  // sends (<domain>.jobs.ts); the HTTP layer registers the routes in this order, after sign-in's
  // (http/api-routes.ts), and the start-up sends go in this order.
  const domains: Domain[] = [
    { name: 'designs', routes: designsRoutes(designs, sessions), jobs: designsJobs(designs) },
    {
      name: 'contest',
      routes: contestRoutes(contest, designs, sessions),
      jobs: contestJobs(contest, requireQueue),
    },
    { name: 'hunt', routes: huntRoutes(hunt, sessions), jobs: huntJobs(hunt.measures) },
    {
      name: 'concealment',
      routes: concealmentRoutes(concealment, calibration, sessions),
      jobs: concealmentJobs(concealment, calibration, requireQueue),
    },
    {
      name: 'ground',
      routes: groundRoutes(ground, sessions),
      jobs: groundJobs({
        ground,
        repo: groundRepository,
        queue: requireQueue,
        engine,
        storage,
        weights: () => concealment.activeWeights(),
        onVersatility: () => gallery.invalidate(),
        log,
      }),
    },
    {
      name: 'breeding',
      routes: breedingRoutes(breeding.service, sessions),
      jobs: breeding.jobs,
    },
    {
      name: 'generation',
      routes: generationRoutes(generation, sessions),
      jobs: generationJobs(generation, log),
    },
    { name: 'system', routes: systemRoutes(config, database) },
    { name: 'users', routes: usersRoutes(users, sessions) },
    { name: 'votes', routes: votesRoutes(votes, sessions) },
    { name: 'comments', routes: commentsRoutes(comments, sessions) },
    { name: 'gallery', routes: galleryRoutes(gallery, sessions) },
    { name: 'moderation', routes: moderationRoutes(moderation, sessions) },
  ];
  const domainJobs = domains.flatMap((domain) => (domain.jobs ? [domain.jobs] : []));

  return {
    config,
    database,
    storage,
    fileUrl,
    mailer,
    log,
    provider,
    users,
    designs,
    votes,
    comments,
    hunt,
    concealment,
    calibration,
    ground,
    moderation,
    files,
    gallery,
    generation,
    contest,
    queue: requireQueue,
    auth,
    authRepository,
    sessions,
    requestCounter,
    /** Every domain's routes, in order (http/api-routes.ts registers them). */
    routes: domains.flatMap((domain) => (domain.routes ? [domain.routes] : [])),

    /** Processes jobs in this process (the embedded default, and `npm run worker`). */
    async startWorkers(): Promise<void> {
      await startDomainJobs(requireQueue(), domainJobs, {
        concurrency: config.workerConcurrency,
        timeZone: config.contest.timeZone,
      });
    },

    async close(): Promise<void> {
      for (const domain of domainJobs) domain.stop?.();
      // Each piece is closed even when one before it fails, so nothing is left holding connections.
      const steps: [string, () => Promise<void> | undefined][] = [
        ['rate-limit counters', () => counters.close()],
        ['session notifications', () => sessionEvents.close()],
        ['queue', () => queueRef.current?.stop()],
        ['generator', () => provider.close()],
        ['engine', () => engine?.close()],
        ['database', () => database.close()],
      ];
      for (const [name, step] of steps) {
        await Promise.resolve()
          .then(step)
          .catch((error: unknown) => log.warn({ err: error }, `closing the ${name} failed`));
      }
    },
  };
}

export type AppContext = Awaited<ReturnType<typeof compose>>;
