// Starts the dealer shop demo application with the environment of the local stack.
import { configFromEnv } from './config.ts';
import { startDealerShop } from './app.ts';

const config = configFromEnv(process.env);
const shop = await startDealerShop(config, { host: process.env.DEALER_SHOP_HOST ?? 'localhost' });
console.log(
  `[dealer-shop] listening on ${shop.url} (client ${config.clientId}, provider ${config.provider.discovery[config.provider.flows.signIn] ?? ''})`,
);
const stop = () => {
  void shop.close().then(() => process.exit(0));
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
