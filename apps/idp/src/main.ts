// Starts the local identity provider with the environment of the local stack.
import type { KoaContextWithOIDC } from 'oidc-provider';
import { ConfigError, configFromEnv, type IdpConfig } from './config.ts';
import { startIdp } from './server.ts';

let input: IdpConfig;
try {
  input = configFromEnv(process.env);
} catch (error) {
  // A wrong configuration ends the start with one line that names the variable.
  if (!(error instanceof ConfigError)) throw error;
  console.error(`[idp] ${error.message}`);
  process.exit(1);
}
const idp = await startIdp(input, { host: process.env.IDP_HOST ?? 'localhost' });
const { config, policies } = idp;
console.log(`[idp] listening on ${config.authority} (shape ${config.shape}, policy claim ${config.policyClaim})`);
for (const p of Object.values(policies)) console.log(`[idp]   ${p.kind.padEnd(8)} ${p.urls.discovery}`);
if (config.shape === 'b2c-tenant') console.log(`[idp] issuer of every policy: ${policies.signin.urls.issuer}`);
console.log(`[idp] portal client authentication: ${config.portalClientAuth.method}`);
console.log(`[idp] keys: ${policies.signin.urls.jwks}`);
// The directory's groups of internal accounts (#29.3): edit the file, the next token has the change.
console.log(`[idp] directory groups: ${idp.directory.file} (claim ${config.groupsClaim})`);
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
