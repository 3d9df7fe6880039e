import type { Language } from '@service-hub/contracts';

/** The few pages the identity provider renders itself (logout hand-off and errors), in five languages. */
const TEXT: Record<
  Language,
  { signingOut: string; continue: string; errorTitle: string; errorBody: string; back: string }
> = {
  'en-SE': {
    signingOut: 'Signing you out…',
    continue: 'Continue',
    errorTitle: 'Sign-in could not be completed',
    errorBody: 'The sign-in link is no longer valid. Start again from Service Hub.',
    back: 'Back to Service Hub',
  },
  sv: {
    signingOut: 'Du loggas ut…',
    continue: 'Fortsätt',
    errorTitle: 'Inloggningen kunde inte slutföras',
    errorBody: 'Inloggningslänken gäller inte längre. Börja om från Service Hub.',
    back: 'Tillbaka till Service Hub',
  },
  no: {
    signingOut: 'Du logges ut…',
    continue: 'Fortsett',
    errorTitle: 'Innloggingen kunne ikke fullføres',
    errorBody: 'Innloggingslenken er ikke lenger gyldig. Begynn på nytt fra Service Hub.',
    back: 'Tilbake til Service Hub',
  },
  da: {
    signingOut: 'Du bliver logget ud…',
    continue: 'Fortsæt',
    errorTitle: 'Login kunne ikke gennemføres',
    errorBody: 'Loginlinket er ikke længere gyldigt. Start forfra fra Service Hub.',
    back: 'Tilbage til Service Hub',
  },
  fi: {
    signingOut: 'Sinua kirjataan ulos…',
    continue: 'Jatka',
    errorTitle: 'Kirjautumista ei voitu suorittaa loppuun',
    errorBody: 'Kirjautumislinkki ei ole enää voimassa. Aloita uudelleen Service Hubista.',
    back: 'Takaisin Service Hubiin',
  },
};

/** The language for a page: the first supported one the browser asks for, else en-SE. */
export function languageOf(acceptLanguage: string | undefined): Language {
  for (const part of (acceptLanguage ?? '').split(',')) {
    const tag = part.split(';')[0]!.trim().toLowerCase();
    const base = tag.split('-')[0];
    if (base === 'sv') return 'sv';
    if (base === 'no' || base === 'nb' || base === 'nn') return 'no';
    if (base === 'da') return 'da';
    if (base === 'fi') return 'fi';
    if (base === 'en') return 'en-SE';
  }
  return 'en-SE';
}

const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${title} · Service Hub</title>` +
  '<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#1a1a1a}button,a{font-size:1rem}</style>' +
  `</head><body><main>${body}</main></body></html>`;

/** The logout hand-off: a form the provider needs posted; a script from our origin posts it at once. */
export function logoutPage(language: Language, form: string): string {
  const t = TEXT[language];
  // logout=yes ends the whole provider session; without it oidc-provider only forgets the client,
  // and the next sign-in would pass silently with the old session.
  const submit = form.replace(
    '</form>',
    `<input type="hidden" name="logout" value="yes"/><button type="submit">${t.continue}</button></form>`,
  );
  return page(
    language,
    t.signingOut,
    `<h1>${t.signingOut}</h1>${submit}<script src="/idp-logout.js"></script>`,
  );
}

export function errorPage(language: Language): string {
  const t = TEXT[language];
  return page(
    language,
    t.errorTitle,
    `<h1>${t.errorTitle}</h1><p>${t.errorBody}</p><p><a href="/">${t.back}</a></p>`,
  );
}
