// Icons a list repeats per item, drawn once (#28.15): the list draws each such icon once as an
// SVG <symbol> and every item a <use> of it, so a server-rendered page carries each path once.
import type { ComponentType, SVGProps } from 'react';

export type IconComponent = ComponentType<SVGProps<SVGSVGElement>>;

/**
 * The icons as symbols, each under its id: a zero-size, out-of-flow SVG hidden from assistive
 * technology. Each symbol holds the icon's own SVG (its viewBox, stroke and fill), which fills
 * the box of the `SymbolIcon` that uses it.
 */
export function IconSymbols({ icons }: { readonly icons: readonly (readonly [string, IconComponent])[] }) {
  if (icons.length === 0) return null;
  return (
    <svg aria-hidden="true" width="0" height="0" className="absolute">
      {icons.map(([id, Icon]) => (
        <symbol key={id} id={id}>
          <Icon />
        </symbol>
      ))}
    </svg>
  );
}

/** A use of a symbol of `IconSymbols`, sized and coloured by its classes (the symbol draws in `currentColor`). */
export function SymbolIcon({ id, className }: { readonly id: string; readonly className: string }) {
  return (
    <svg aria-hidden="true" className={className}>
      <use href={`#${id}`} />
    </svg>
  );
}
