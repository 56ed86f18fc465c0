// The words of the mails (#29) in the seven languages of the portal (de is the source and the
// language of an application's notification address). Placeholders in braces: {name} the
// recipient, {brand} BRAND_NAME, {application} the application's label, {requester} the
// requester's name, {date} a day in the recipient's language. `messages.test.ts` checks that every
// language has every text with the placeholders of German. The templates (templates.ts) put them
// together; a value is never part of a text here, so it is escaped on its own.
import type { Language } from '../http/messages.ts';

export interface MailTexts {
  greeting: string;
  /** To an application's notification address or the internal copy: no one by name. */
  greetingTeam: string;
  /** Above the link written out, for a mail reader that shows no button. */
  linkHint: string;
  footer: string;
  accessRequested: {
    subject: string;
    intro: string;
    /** The internal copy of access requests says why it came. */
    copyNote: string;
    email: string;
    company: string;
    role: string;
    accountAccess: string;
    justification: string;
    requestedEnd: string;
    action: string;
  };
  requestAccepted: {
    subject: string;
    intro: string;
    roles: string;
    accountAccesses: string;
    endsAt: string;
    action: string;
  };
  requestDenied: {
    subject: string;
    intro: string;
    reason: string;
    noReason: string;
    action: string;
  };
  accessExpiring: {
    subject: string;
    intro: string;
    hint: string;
    action: string;
  };
  accessExpired: {
    subject: string;
    intro: string;
    hint: string;
    action: string;
  };
}

export const mailTexts: Readonly<Record<Language, MailTexts>> = {
  de: {
    greeting: 'Guten Tag {name},',
    greetingTeam: 'Guten Tag,',
    linkHint: 'Falls die Schaltfläche nicht funktioniert, öffnen Sie diese Adresse in Ihrem Browser:',
    footer: 'Diese E-Mail wurde von {brand} automatisch versendet. Bitte antworten Sie nicht darauf.',
    accessRequested: {
      subject: 'Neue Zugriffsanfrage für {application}',
      intro: '{requester} hat Zugriff auf {application} angefragt.',
      copyNote: 'Sie erhalten diese E-Mail als interne Kopie der Zugriffsanfragen.',
      email: 'E-Mail',
      company: 'Firma',
      role: 'Gewünschte Rolle',
      accountAccess: 'Kontozugriff',
      justification: 'Begründung',
      requestedEnd: 'Zugriff bis einschließlich',
      action: 'Anfrage öffnen',
    },
    requestAccepted: {
      subject: 'Ihr Zugriff auf {application} wurde gewährt',
      intro: 'Ihre Anfrage für {application} wurde angenommen.',
      roles: 'Rollen',
      accountAccesses: 'Kontozugriffe',
      endsAt: 'Zugriff bis einschließlich',
      action: 'Meine Anfragen öffnen',
    },
    requestDenied: {
      subject: 'Ihre Anfrage für {application} wurde abgelehnt',
      intro: 'Ihre Anfrage für {application} wurde abgelehnt.',
      reason: 'Begründung',
      noReason: 'Es wurde keine Begründung angegeben.',
      action: 'Meine Anfragen öffnen',
    },
    accessExpiring: {
      subject: 'Ihr Zugriff auf {application} endet bald',
      intro: 'Ihr Zugriff auf {application} besteht noch bis einschließlich {date}.',
      hint: 'Wenn Sie ihn länger brauchen, fordern Sie bitte eine Verlängerung an.',
      action: 'Meine Anfragen öffnen',
    },
    accessExpired: {
      subject: 'Ihr Zugriff auf {application} ist abgelaufen',
      intro: 'Ihr Zugriff auf {application} ist am {date} abgelaufen.',
      hint: 'Wenn Sie ihn wieder brauchen, können Sie ihn erneut anfordern.',
      action: 'Meine Anfragen öffnen',
    },
  },
  en: {
    greeting: 'Hello {name},',
    greetingTeam: 'Hello,',
    linkHint: 'If the button does not work, open this address in your browser:',
    footer: 'This e-mail was sent automatically by {brand}. Please do not reply to it.',
    accessRequested: {
      subject: 'New access request for {application}',
      intro: '{requester} has requested access to {application}.',
      copyNote: 'You receive this e-mail as the internal copy of access requests.',
      email: 'E-mail',
      company: 'Company',
      role: 'Requested role',
      accountAccess: 'Account access',
      justification: 'Justification',
      requestedEnd: 'Access until and including',
      action: 'Open the request',
    },
    requestAccepted: {
      subject: 'Your access to {application} has been granted',
      intro: 'Your request for {application} has been accepted.',
      roles: 'Roles',
      accountAccesses: 'Account accesses',
      endsAt: 'Access until and including',
      action: 'Open my requests',
    },
    requestDenied: {
      subject: 'Your request for {application} has been denied',
      intro: 'Your request for {application} has been denied.',
      reason: 'Reason',
      noReason: 'No reason was given.',
      action: 'Open my requests',
    },
    accessExpiring: {
      subject: 'Your access to {application} ends soon',
      intro: 'Your access to {application} lasts until and including {date}.',
      hint: 'If you need it for longer, please request an extension.',
      action: 'Open my requests',
    },
    accessExpired: {
      subject: 'Your access to {application} has expired',
      intro: 'Your access to {application} expired on {date}.',
      hint: 'If you need it again, you can request it again.',
      action: 'Open my requests',
    },
  },
  fr: {
    greeting: 'Bonjour {name},',
    greetingTeam: 'Bonjour,',
    linkHint: 'Si le bouton ne fonctionne pas, ouvrez cette adresse dans votre navigateur :',
    footer: 'Cet e-mail a été envoyé automatiquement par {brand}. Merci de ne pas y répondre.',
    accessRequested: {
      subject: 'Nouvelle demande d’accès pour {application}',
      intro: '{requester} a demandé l’accès à {application}.',
      copyNote: 'Vous recevez cet e-mail en tant que copie interne des demandes d’accès.',
      email: 'E-mail',
      company: 'Entreprise',
      role: 'Rôle demandé',
      accountAccess: 'Accès de compte',
      justification: 'Justification',
      requestedEnd: 'Accès jusqu’au (inclus)',
      action: 'Ouvrir la demande',
    },
    requestAccepted: {
      subject: 'Votre accès à {application} a été accordé',
      intro: 'Votre demande pour {application} a été acceptée.',
      roles: 'Rôles',
      accountAccesses: 'Accès de compte',
      endsAt: 'Accès jusqu’au (inclus)',
      action: 'Ouvrir mes demandes',
    },
    requestDenied: {
      subject: 'Votre demande pour {application} a été refusée',
      intro: 'Votre demande pour {application} a été refusée.',
      reason: 'Motif',
      noReason: 'Aucun motif n’a été indiqué.',
      action: 'Ouvrir mes demandes',
    },
    accessExpiring: {
      subject: 'Votre accès à {application} se termine bientôt',
      intro: 'Votre accès à {application} est valable jusqu’au {date} inclus.',
      hint: 'Si vous en avez besoin plus longtemps, veuillez demander une prolongation.',
      action: 'Ouvrir mes demandes',
    },
    accessExpired: {
      subject: 'Votre accès à {application} a expiré',
      intro: 'Votre accès à {application} a expiré le {date}.',
      hint: 'Si vous en avez de nouveau besoin, vous pouvez le redemander.',
      action: 'Ouvrir mes demandes',
    },
  },
  es: {
    greeting: 'Hola, {name}:',
    greetingTeam: 'Hola:',
    linkHint: 'Si el botón no funciona, abra esta dirección en su navegador:',
    footer: 'Este correo lo ha enviado automáticamente {brand}. Por favor, no responda a él.',
    accessRequested: {
      subject: 'Nueva solicitud de acceso para {application}',
      intro: '{requester} ha solicitado acceso a {application}.',
      copyNote: 'Recibe este correo como copia interna de las solicitudes de acceso.',
      email: 'Correo electrónico',
      company: 'Empresa',
      role: 'Rol solicitado',
      accountAccess: 'Acceso de cuenta',
      justification: 'Justificación',
      requestedEnd: 'Acceso hasta el (incluido)',
      action: 'Abrir la solicitud',
    },
    requestAccepted: {
      subject: 'Se le ha concedido el acceso a {application}',
      intro: 'Su solicitud para {application} ha sido aceptada.',
      roles: 'Roles',
      accountAccesses: 'Accesos de cuenta',
      endsAt: 'Acceso hasta el (incluido)',
      action: 'Abrir mis solicitudes',
    },
    requestDenied: {
      subject: 'Su solicitud para {application} ha sido rechazada',
      intro: 'Su solicitud para {application} ha sido rechazada.',
      reason: 'Motivo',
      noReason: 'No se indicó ningún motivo.',
      action: 'Abrir mis solicitudes',
    },
    accessExpiring: {
      subject: 'Su acceso a {application} termina pronto',
      intro: 'Su acceso a {application} es válido hasta el {date} (incluido).',
      hint: 'Si lo necesita durante más tiempo, solicite una prórroga.',
      action: 'Abrir mis solicitudes',
    },
    accessExpired: {
      subject: 'Su acceso a {application} ha caducado',
      intro: 'Su acceso a {application} caducó el {date}.',
      hint: 'Si vuelve a necesitarlo, puede solicitarlo de nuevo.',
      action: 'Abrir mis solicitudes',
    },
  },
  it: {
    greeting: 'Buongiorno {name},',
    greetingTeam: 'Buongiorno,',
    linkHint: 'Se il pulsante non funziona, apri questo indirizzo nel browser:',
    footer: 'Questa e-mail è stata inviata automaticamente da {brand}. Non rispondere a questo messaggio.',
    accessRequested: {
      subject: 'Nuova richiesta di accesso per {application}',
      intro: '{requester} ha richiesto l’accesso a {application}.',
      copyNote: 'Ricevi questa e-mail come copia interna delle richieste di accesso.',
      email: 'E-mail',
      company: 'Azienda',
      role: 'Ruolo richiesto',
      accountAccess: 'Accesso account',
      justification: 'Motivazione',
      requestedEnd: 'Accesso fino al (incluso)',
      action: 'Apri la richiesta',
    },
    requestAccepted: {
      subject: 'Il tuo accesso a {application} è stato concesso',
      intro: 'La tua richiesta per {application} è stata accettata.',
      roles: 'Ruoli',
      accountAccesses: 'Accessi account',
      endsAt: 'Accesso fino al (incluso)',
      action: 'Apri le mie richieste',
    },
    requestDenied: {
      subject: 'La tua richiesta per {application} è stata rifiutata',
      intro: 'La tua richiesta per {application} è stata rifiutata.',
      reason: 'Motivo',
      noReason: 'Non è stato indicato alcun motivo.',
      action: 'Apri le mie richieste',
    },
    accessExpiring: {
      subject: 'Il tuo accesso a {application} termina a breve',
      intro: 'Il tuo accesso a {application} è valido fino al {date} incluso.',
      hint: 'Se ti serve più a lungo, richiedi una proroga.',
      action: 'Apri le mie richieste',
    },
    accessExpired: {
      subject: 'Il tuo accesso a {application} è scaduto',
      intro: 'Il tuo accesso a {application} è scaduto il {date}.',
      hint: 'Se ti serve di nuovo, puoi richiederlo ancora.',
      action: 'Apri le mie richieste',
    },
  },
  nl: {
    greeting: 'Beste {name},',
    greetingTeam: 'Goedendag,',
    linkHint: 'Werkt de knop niet? Open dan dit adres in uw browser:',
    footer: 'Deze e-mail is automatisch verzonden door {brand}. Beantwoord dit bericht niet.',
    accessRequested: {
      subject: 'Nieuwe toegangsaanvraag voor {application}',
      intro: '{requester} heeft toegang tot {application} aangevraagd.',
      copyNote: 'U ontvangt deze e-mail als interne kopie van de toegangsaanvragen.',
      email: 'E-mail',
      company: 'Bedrijf',
      role: 'Gevraagde rol',
      accountAccess: 'Accounttoegang',
      justification: 'Motivering',
      requestedEnd: 'Toegang tot en met',
      action: 'Aanvraag openen',
    },
    requestAccepted: {
      subject: 'Uw toegang tot {application} is verleend',
      intro: 'Uw aanvraag voor {application} is geaccepteerd.',
      roles: 'Rollen',
      accountAccesses: 'Accounttoegangen',
      endsAt: 'Toegang tot en met',
      action: 'Mijn aanvragen openen',
    },
    requestDenied: {
      subject: 'Uw aanvraag voor {application} is afgewezen',
      intro: 'Uw aanvraag voor {application} is afgewezen.',
      reason: 'Reden',
      noReason: 'Er is geen reden opgegeven.',
      action: 'Mijn aanvragen openen',
    },
    accessExpiring: {
      subject: 'Uw toegang tot {application} eindigt binnenkort',
      intro: 'Uw toegang tot {application} geldt tot en met {date}.',
      hint: 'Hebt u de toegang langer nodig, vraag dan een verlenging aan.',
      action: 'Mijn aanvragen openen',
    },
    accessExpired: {
      subject: 'Uw toegang tot {application} is verlopen',
      intro: 'Uw toegang tot {application} is op {date} verlopen.',
      hint: 'Hebt u de toegang weer nodig, dan kunt u deze opnieuw aanvragen.',
      action: 'Mijn aanvragen openen',
    },
  },
  pl: {
    greeting: 'Dzień dobry, {name},',
    greetingTeam: 'Dzień dobry,',
    linkHint: 'Jeśli przycisk nie działa, otwórz ten adres w przeglądarce:',
    footer: 'Ta wiadomość została wysłana automatycznie przez {brand}. Prosimy na nią nie odpowiadać.',
    accessRequested: {
      subject: 'Nowy wniosek o dostęp do {application}',
      intro: '{requester} prosi o dostęp do {application}.',
      copyNote: 'Otrzymujesz tę wiadomość jako wewnętrzną kopię wniosków o dostęp.',
      email: 'E-mail',
      company: 'Firma',
      role: 'Wnioskowana rola',
      accountAccess: 'Dostęp do konta',
      justification: 'Uzasadnienie',
      requestedEnd: 'Dostęp do dnia (włącznie)',
      action: 'Otwórz wniosek',
    },
    requestAccepted: {
      subject: 'Przyznano Ci dostęp do {application}',
      intro: 'Twój wniosek dotyczący {application} został zaakceptowany.',
      roles: 'Role',
      accountAccesses: 'Dostępy do kont',
      endsAt: 'Dostęp do dnia (włącznie)',
      action: 'Otwórz moje wnioski',
    },
    requestDenied: {
      subject: 'Twój wniosek dotyczący {application} został odrzucony',
      intro: 'Twój wniosek dotyczący {application} został odrzucony.',
      reason: 'Powód',
      noReason: 'Nie podano powodu.',
      action: 'Otwórz moje wnioski',
    },
    accessExpiring: {
      subject: 'Twój dostęp do {application} wkrótce wygaśnie',
      intro: 'Twój dostęp do {application} obowiązuje do {date} włącznie.',
      hint: 'Jeśli potrzebujesz go dłużej, poproś o przedłużenie.',
      action: 'Otwórz moje wnioski',
    },
    accessExpired: {
      subject: 'Twój dostęp do {application} wygasł',
      intro: 'Twój dostęp do {application} wygasł {date}.',
      hint: 'Jeśli znów go potrzebujesz, możesz poprosić o niego ponownie.',
      action: 'Otwórz moje wnioski',
    },
  },
};
