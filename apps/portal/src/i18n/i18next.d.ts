// Typed keys from the German source files.
import type common from '../locales/de/common.json';
import type auth from '../locales/de/auth.json';
import type home from '../locales/de/home.json';
import type settings from '../locales/de/settings.json';
import type flows from '../locales/de/flows.json';
import type ui from '@portal/ui/locales/de';

declare module 'i18next' {
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof common;
      auth: typeof auth;
      home: typeof home;
      settings: typeof settings;
      flows: typeof flows;
      ui: typeof ui;
    };
  }
}
