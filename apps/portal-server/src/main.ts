// Starts the portal server: configuration, the session database (migrated once, under a lock),
// the build, the HTTP server; a sweep of ended sessions; graceful shutdown on SIGTERM/SIGINT
// (stop accepting, let requests in flight finish within a grace time, close the database).
// Effect holds the resources: each is released in reverse order, whatever ends the program.
import { serve } from '@hono/node-server';
import { Effect, Exit, Scope } from 'effect';
import { loadProvider, ProviderConfigError } from '@portal/server';
import { serverConfig } from './config.ts';
import { createServer } from './server.ts';

const program = Effect.gen(function* () {
  const config = yield* serverConfig;
  // The provider's discovery documents, checked: a provider still starting is waited for a
  // while, a wrong configuration stops the start with one line (issue #27).
  const provider = yield* Effect.tryPromise({
    try: () =>
      loadProvider(config.provider, {
        waitMs: 60_000,
        onWait: (problem) => console.log(`portal-server: waiting for the identity provider (${problem.message})`),
      }),
    catch: (error) => error,
  });
  const scope = yield* Scope.make();
  const server = yield* Effect.promise(() => createServer(config, { provider }));
  yield* Scope.addFinalizer(
    scope,
    Effect.promise(() => server.close()),
  );
  const http = serve({ fetch: server.app.fetch, port: config.port, hostname: config.host }, (info) => {
    console.log(
      `portal-server: listening on ${config.runtime.portalUrl} (port ${info.port}; sessions in ${config.databaseUrl === undefined ? `PGlite ${config.dataDir}` : 'PostgreSQL'}; API ${config.apiUrl})`,
    );
  });
  yield* Scope.addFinalizer(
    scope,
    Effect.async<void>((resume) => {
      server.drain();
      const force = setTimeout(() => {
        (http as unknown as { closeAllConnections?: () => void }).closeAllConnections?.();
      }, config.shutdownGraceMs);
      http.close(() => {
        clearTimeout(force);
        resume(Effect.void);
      });
      (http as unknown as { closeIdleConnections?: () => void }).closeIdleConnections?.();
    }),
  );
  yield* Effect.async<void>((resume) => {
    const stop = (signal: string) => {
      console.log(`portal-server: ${signal}, draining`);
      resume(Effect.void);
    };
    process.once('SIGTERM', () => stop('SIGTERM'));
    process.once('SIGINT', () => stop('SIGINT'));
  });
  yield* Scope.close(scope, Exit.void);
});

Effect.runPromise(program).then(
  () => process.exit(0),
  (error: unknown) => {
    const cause = (error as { cause?: unknown } | undefined)?.cause ?? error;
    if (cause instanceof ProviderConfigError) console.error(`portal-server: cannot start: ${cause.message}`);
    else console.error('portal-server: could not start', error);
    process.exit(1);
  },
);
