// Starts the local identity provider with the environment of the local stack.
import { configFromEnv } from './config.ts';
import { startIdp } from './server.ts';

const idp = await startIdp(configFromEnv(process.env), { host: process.env.IDP_HOST ?? 'localhost' });
const { config, policies } = idp;
console.log(`[idp] listening on ${config.authority}`);
for (const p of Object.values(policies)) console.log(`[idp]   ${p.kind.padEnd(8)} ${p.urls.discovery}`);
console.log(`[idp] keys: ${policies.signin.urls.jwks}`);

const stop = () => {
  void idp.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
