// Starts the portal server: configuration, the provider's discovery documents, the server's
// parts (the session database migrated once, under a lock; the sweep of ended sessions; the
// build), the HTTP server; graceful shutdown on SIGTERM/SIGINT.
//
// One Effect (ADR 0026): every resource is acquired in the program's Scope and released in
// reverse order whatever ends the program (a signal, or a failure halfway through the start):
// /health answers 503 and the HTTP server stops accepting and lets its requests finish (within
// the grace time), then the sweep stops (one under way finishes), then the database closes.
import type { Server } from 'node:http';
import { serve } from '@hono/node-server';
import { Cause, Data, Effect, Exit } from 'effect';
import { closeHttpServer, loadProvider, nextSignal, ProviderConfigError } from '@portal/server';
import { serverConfig } from './config.ts';
import { makeServer } from './server.ts';

/** The start stops with one line: a wrong configuration (the message names the variable). */
class StartRefused extends Data.TaggedError('StartRefused')<{ readonly line: string }> {}
/** The HTTP server could not listen (the port taken). */
class ListenFailed extends Data.TaggedError('ListenFailed')<{ readonly cause: unknown }> {}

const refusedOr = (cause: unknown) =>
  cause instanceof ProviderConfigError ? new StartRefused({ line: cause.message }) : cause;

const program = Effect.gen(function* () {
  const config = yield* serverConfig.pipe(Effect.mapError(refusedOr));
  // The provider's discovery documents, checked: a provider still starting is waited for a
  // while, a wrong configuration stops the start with one line (issue #27).
  const provider = yield* Effect.tryPromise({
    try: () =>
      loadProvider(config.provider, {
        waitMs: 60_000,
        onWait: (problem) => console.log(`portal-server: waiting for the identity provider (${problem.message})`),
      }),
    catch: refusedOr,
  });
  const server = yield* makeServer(config, { provider });
  yield* Effect.acquireRelease(
    Effect.async<Server, ListenFailed>((resume) => {
      const http = serve({ fetch: server.app.fetch, port: config.port, hostname: config.host }, (info) => {
        console.log(
          `portal-server: listening on ${config.runtime.portalUrl} (port ${info.port}; sessions in ${config.databaseUrl === undefined ? `PGlite ${config.dataDir}` : 'PostgreSQL'}; API ${config.apiUrl})`,
        );
        resume(Effect.succeed(http as Server));
      });
      http.once('error', (cause) => resume(Effect.fail(new ListenFailed({ cause }))));
    }),
    (http) =>
      Effect.sync(() => server.drain()).pipe(
        Effect.zipRight(Effect.promise(() => closeHttpServer(http, config.shutdownGraceMs))),
      ),
  );
  const signal = yield* Effect.promise((abort) => nextSignal(['SIGTERM', 'SIGINT'], abort));
  console.log(`portal-server: ${signal}, draining`);
});

void Effect.runPromiseExit(Effect.scoped(program)).then((exit) => {
  if (Exit.isSuccess(exit)) process.exit(0);
  const failure = Cause.failureOption(exit.cause);
  if (failure._tag === 'Some' && failure.value instanceof StartRefused)
    console.error(`portal-server: cannot start: ${failure.value.line}`);
  else
    console.error('portal-server: could not start', failure._tag === 'Some' ? failure.value : Cause.pretty(exit.cause));
  process.exit(1);
});
