// Types of ./storybook.js.

export declare const storybookMain: {
  stories: string[];
  addons: string[];
  framework: { name: '@storybook/react-vite'; options: Record<string, never> };
  core: { disableTelemetry: true };
};

interface Toolbar {
  description: string;
  toolbar: { icon: 'globe' | 'mirror'; items: string[]; dynamicTitle: true };
}

export declare function storyGlobals(languages: readonly string[]): {
  globalTypes: { locale: Toolbar; theme: Toolbar };
  initialGlobals: { locale: 'de'; theme: 'system' };
};

export declare const storyViewports: {
  options: Record<
    'phone' | 'phone390' | 'tablet' | 'wide',
    { name: string; styles: { width: string; height: string }; type: 'mobile' | 'tablet' | 'desktop' }
  >;
};
