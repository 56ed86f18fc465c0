// Starts the local identity provider with the environment of the local stack.
import type { KoaContextWithOIDC } from 'oidc-provider';
import { configFromEnv } from './config.ts';
import { startIdp } from './server.ts';

const idp = await startIdp(configFromEnv(process.env), { host: process.env.IDP_HOST ?? 'localhost' });
const { config, policies } = idp;
console.log(`[idp] listening on ${config.authority}`);
for (const p of Object.values(policies)) console.log(`[idp]   ${p.kind.padEnd(8)} ${p.urls.discovery}`);
console.log(`[idp] keys: ${policies.signin.urls.jwks}`);
// One line per token issued (no token, no code): how many sign-ins and refreshes reached the provider.
for (const p of Object.values(policies)) {
  p.provider.on('grant.success', (ctx: KoaContextWithOIDC) => {
    console.log(
      JSON.stringify({
        event: 'grant',
        policy: p.name,
        grantType: ctx.oidc.params?.grant_type,
        clientId: ctx.oidc.client?.clientId,
      }),
    );
  });
}

const stop = () => {
  void idp.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
