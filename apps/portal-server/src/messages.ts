// The portal server's own error answers, in the §8 shape `{ error: { code, message, errors } }`
// and in the language the page asked for (`lang` header, else the language cookie; de default).
import { isLocaleCode, type LocaleCode } from '@portal/core';

export type ServerErrorCode =
  | 'request.tooLarge'
  | 'request.crossSite'
  | 'upstream.unavailable'
  | 'upstream.timeout'
  | 'session.ended'
  | 'session.notFound';

const messages: Record<ServerErrorCode, Record<LocaleCode, string>> = {
  'request.tooLarge': {
    de: 'Die Anfrage ist zu groß.',
    en: 'The request is too large.',
    fr: 'La requête est trop volumineuse.',
    es: 'La solicitud es demasiado grande.',
    it: 'La richiesta è troppo grande.',
    nl: 'Het verzoek is te groot.',
    pl: 'Żądanie jest zbyt duże.',
  },
  'request.crossSite': {
    de: 'Anfragen von anderen Websites werden abgelehnt.',
    en: 'Requests from other sites are refused.',
    fr: 'Les requêtes provenant d’autres sites sont refusées.',
    es: 'Se rechazan las solicitudes de otros sitios.',
    it: 'Le richieste da altri siti vengono rifiutate.',
    nl: 'Verzoeken van andere websites worden geweigerd.',
    pl: 'Żądania z innych witryn są odrzucane.',
  },
  'upstream.unavailable': {
    de: 'Der Dienst ist gerade nicht erreichbar. Bitte versuchen Sie es gleich noch einmal.',
    en: 'The service cannot be reached right now. Please try again shortly.',
    fr: 'Le service est momentanément injoignable. Veuillez réessayer dans un instant.',
    es: 'El servicio no está disponible en este momento. Vuelva a intentarlo en breve.',
    it: 'Il servizio non è raggiungibile al momento. Riprova tra poco.',
    nl: 'De dienst is nu niet bereikbaar. Probeer het zo opnieuw.',
    pl: 'Usługa jest chwilowo niedostępna. Spróbuj ponownie za chwilę.',
  },
  'upstream.timeout': {
    de: 'Der Dienst hat nicht rechtzeitig geantwortet.',
    en: 'The service did not answer in time.',
    fr: 'Le service n’a pas répondu à temps.',
    es: 'El servicio no respondió a tiempo.',
    it: 'Il servizio non ha risposto in tempo.',
    nl: 'De dienst heeft niet op tijd geantwoord.',
    pl: 'Usługa nie odpowiedziała na czas.',
  },
  'session.ended': {
    de: 'Ihre Sitzung ist abgelaufen. Bitte melden Sie sich erneut an.',
    en: 'Your session has ended. Please sign in again.',
    fr: 'Votre session a expiré. Veuillez vous reconnecter.',
    es: 'Su sesión ha caducado. Inicie sesión de nuevo.',
    it: 'La sessione è scaduta. Accedi di nuovo.',
    nl: 'Uw sessie is verlopen. Meld u opnieuw aan.',
    pl: 'Twoja sesja wygasła. Zaloguj się ponownie.',
  },
  'session.notFound': {
    de: 'Diese Sitzung gibt es nicht mehr.',
    en: 'This session no longer exists.',
    fr: 'Cette session n’existe plus.',
    es: 'Esta sesión ya no existe.',
    it: 'Questa sessione non esiste più.',
    nl: 'Deze sessie bestaat niet meer.',
    pl: 'Ta sesja już nie istnieje.',
  },
};

export function errorBody(
  code: ServerErrorCode,
  language: string | undefined,
): { error: { code: string; message: string; errors: [] } } {
  const lang: LocaleCode = language !== undefined && isLocaleCode(language) ? language : 'de';
  return { error: { code, message: messages[code][lang], errors: [] } };
}

/** The texts of the page that waits before leaving after a claims refresh (the wait is the browser's). */
const waitingTexts: Record<LocaleCode, { readonly title: string; readonly text: string; readonly link: string }> = {
  de: { title: 'Weiterleitung', text: 'Sie werden gleich zur Anwendung weitergeleitet.', link: 'Jetzt weiter' },
  en: { title: 'Redirecting', text: 'You are being taken to the application.', link: 'Continue now' },
  fr: { title: 'Redirection', text: 'Vous allez être redirigé vers l’application.', link: 'Continuer maintenant' },
  es: { title: 'Redirección', text: 'En un momento se le redirigirá a la aplicación.', link: 'Continuar ahora' },
  it: { title: 'Reindirizzamento', text: 'Stai per essere reindirizzato all’applicazione.', link: 'Continua ora' },
  nl: { title: 'Doorsturen', text: 'U wordt zo doorgestuurd naar de applicatie.', link: 'Nu verder' },
  pl: { title: 'Przekierowanie', text: 'Za chwilę nastąpi przekierowanie do aplikacji.', link: 'Przejdź teraz' },
};

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c);

/**
 * A page that goes on to `location` after `seconds`, by the browser's own refresh (no script,
 * so it works before and without JavaScript and under the strict CSP), with a link to go at once.
 */
export function waitingPage(location: string, seconds: number, language: string | undefined): string {
  const lang: LocaleCode = language !== undefined && isLocaleCode(language) ? language : 'de';
  const texts = waitingTexts[lang];
  const href = escapeHtml(location);
  return `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1"><meta http-equiv="refresh" content="${seconds};url=${href}"><title>${escapeHtml(texts.title)}</title></head><body><p>${escapeHtml(texts.text)}</p><p><a href="${href}">${escapeHtml(texts.link)}</a></p></body></html>`;
}
