// Types of ./chromium.js.

export declare const chromiumLaunchOptions: { executablePath: string; args: string[] };

export interface StoryProject<Plugins, Provider> {
  extends: true;
  plugins: Plugins[];
  test: {
    name: 'storybook' | 'storybook-dark';
    testTimeout?: number;
    browser: { enabled: true; headless: true; provider: Provider; instances: { browser: 'chromium' }[] };
  };
}

export declare function storyProjects<Plugins, Provider>(options: {
  /** The package's .storybook/ folder. */
  configDir: string;
  /** `storybookTest` of `@storybook/addon-vitest/vitest-plugin`. */
  storybookTest: (options: { configDir: string; initialGlobals: { theme: 'light' | 'dark' } }) => Plugins;
  /** vitest's Playwright provider, launched with `chromiumLaunchOptions`. */
  provider: Provider;
  /** Milliseconds a story may take (vitest's default when left out). */
  testTimeout?: number;
}): StoryProject<Plugins, Provider>[];
