import type { Decorator } from '@storybook/react-vite';

/** A story decorator: the story inside a box of the given classes (the width or height it is shown in). */
export function storyFrame<TArgs>(className: string): Decorator<TArgs> {
  return function StoryFrame(Story) {
    return (
      <div className={className}>
        <Story />
      </div>
    );
  };
}
