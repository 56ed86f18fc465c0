import de from './de/ui.json' with { type: 'json' };
import en from './en/ui.json' with { type: 'json' };
import fr from './fr/ui.json' with { type: 'json' };
import es from './es/ui.json' with { type: 'json' };
import it from './it/ui.json' with { type: 'json' };
import nl from './nl/ui.json' with { type: 'json' };
import pl from './pl/ui.json' with { type: 'json' };
import type { UiMessages } from '../i18n/interpolate.ts';
import type { UiLanguage } from './index.ts';

/** All seven languages at once (stories, tests). The portal loads them lazily instead. */
export const uiResources: Readonly<Record<UiLanguage, UiMessages>> = { de, en, fr, es, it, nl, pl };
