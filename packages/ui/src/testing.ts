// @portal/ui/testing: every language at once and a provider for stories and tests.
export { StoryUiTextProvider } from './i18n/story-provider.tsx';
export type { StoryUiTextProviderProps } from './i18n/story-provider.tsx';
export { uiResources } from './locales/resources.ts';
export { flattenKeys, placeholders, lookup } from './i18n/interpolate.ts';
