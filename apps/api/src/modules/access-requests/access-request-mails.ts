import type { Language } from '@service-hub/contracts';
import type { Template } from '../mail/mail-templates.ts';

/** The mails of access requests, each in the recipient's language (see mail-templates.ts). */
export const ACCESS_REQUEST_MAILS = {
  /** A new registration: the link proves the address and signs the person in. */
  registration: {
    'en-SE': {
      subject: 'Confirm your e-mail address for Service Hub',
      lines: [
        'Hello {firstName},',
        'Thank you for creating a Service Hub account. Confirm your e-mail address to sign in.',
        'The link works once and expires in {hours} hours.',
      ],
      action: 'Confirm e-mail address',
      footer:
        'If you did not create an account, you can ignore this e-mail; nothing happens without the link.',
    },
    sv: {
      subject: 'Bekräfta din e-postadress för Service Hub',
      lines: [
        'Hej {firstName},',
        'Tack för att du skapade ett konto i Service Hub. Bekräfta din e-postadress för att logga in.',
        'Länken fungerar en gång och gäller i {hours} timmar.',
      ],
      action: 'Bekräfta e-postadressen',
      footer:
        'Om du inte har skapat något konto kan du bortse från det här meddelandet; utan länken händer ingenting.',
    },
    no: {
      subject: 'Bekreft e-postadressen din for Service Hub',
      lines: [
        'Hei {firstName},',
        'Takk for at du opprettet en konto i Service Hub. Bekreft e-postadressen din for å logge inn.',
        'Lenken fungerer én gang og er gyldig i {hours} timer.',
      ],
      action: 'Bekreft e-postadressen',
      footer:
        'Hvis du ikke har opprettet noen konto, kan du se bort fra denne e-posten; uten lenken skjer ingenting.',
    },
    da: {
      subject: 'Bekræft din e-mailadresse til Service Hub',
      lines: [
        'Hej {firstName},',
        'Tak, fordi du har oprettet en konto i Service Hub. Bekræft din e-mailadresse for at logge ind.',
        'Linket virker én gang og udløber om {hours} timer.',
      ],
      action: 'Bekræft e-mailadressen',
      footer:
        'Hvis du ikke har oprettet en konto, kan du se bort fra denne e-mail; uden linket sker der ingenting.',
    },
    fi: {
      subject: 'Vahvista sähköpostiosoitteesi Service Hubiin',
      lines: [
        'Hei {firstName},',
        'Kiitos, että loit Service Hub -tilin. Vahvista sähköpostiosoitteesi kirjautuaksesi sisään.',
        'Linkki toimii kerran ja vanhenee {hours} tunnin kuluttua.',
      ],
      action: 'Vahvista sähköpostiosoite',
      footer: 'Jos et luonut tiliä, voit jättää tämän viestin huomiotta; ilman linkkiä mitään ei tapahdu.',
    },
  },
  /** Someone registered with an address that already has a user: no second account, a pointer instead. */
  registrationExisting: {
    'en-SE': {
      subject: 'You already have a Service Hub account',
      lines: [
        'Hello {firstName},',
        'Someone, probably you, tried to create a Service Hub account with this e-mail address. You already have one.',
        'Sign in with this address. If you have forgotten your password, your administrator can send you a new invitation.',
      ],
      action: 'Sign in',
      footer: 'If this was not you, you can ignore this e-mail; your account has not changed.',
    },
    sv: {
      subject: 'Du har redan ett konto i Service Hub',
      lines: [
        'Hej {firstName},',
        'Någon, troligen du, försökte skapa ett konto i Service Hub med den här e-postadressen. Du har redan ett.',
        'Logga in med den här adressen. Om du har glömt ditt lösenord kan din administratör skicka en ny inbjudan.',
      ],
      action: 'Logga in',
      footer: 'Om det inte var du kan du bortse från det här meddelandet; ditt konto är oförändrat.',
    },
    no: {
      subject: 'Du har allerede en konto i Service Hub',
      lines: [
        'Hei {firstName},',
        'Noen, sannsynligvis du, prøvde å opprette en konto i Service Hub med denne e-postadressen. Du har allerede en.',
        'Logg inn med denne adressen. Hvis du har glemt passordet, kan administratoren din sende deg en ny invitasjon.',
      ],
      action: 'Logg inn',
      footer: 'Hvis det ikke var deg, kan du se bort fra denne e-posten; kontoen din er uendret.',
    },
    da: {
      subject: 'Du har allerede en konto i Service Hub',
      lines: [
        'Hej {firstName},',
        'Nogen, sandsynligvis dig, forsøgte at oprette en konto i Service Hub med denne e-mailadresse. Du har allerede en.',
        'Log ind med denne adresse. Hvis du har glemt din adgangskode, kan din administrator sende dig en ny invitation.',
      ],
      action: 'Log ind',
      footer: 'Hvis det ikke var dig, kan du se bort fra denne e-mail; din konto er uændret.',
    },
    fi: {
      subject: 'Sinulla on jo Service Hub -tili',
      lines: [
        'Hei {firstName},',
        'Joku, luultavasti sinä, yritti luoda Service Hub -tilin tällä sähköpostiosoitteella. Sinulla on jo tili.',
        'Kirjaudu sisään tällä osoitteella. Jos olet unohtanut salasanasi, ylläpitäjäsi voi lähettää sinulle uuden kutsun.',
      ],
      action: 'Kirjaudu sisään',
      footer: 'Jos et itse yrittänyt luoda tiliä, voit jättää viestin huomiotta; tilisi ei ole muuttunut.',
    },
  },
  /** To each administrator of the account. */
  requestReceived: {
    'en-SE': {
      subject: '{person} asks for access to {customer}',
      lines: [
        'Hello {firstName},',
        '{person} ({email}) asks for access to {customer} in Service Hub.',
        'Their message: {message}',
        'Approve the request with the permissions they need, or decline it with a reason.',
      ],
      action: 'Open access requests',
      footer: 'You receive this e-mail because you administer {customer} in Service Hub.',
    },
    sv: {
      subject: '{person} ber om åtkomst till {customer}',
      lines: [
        'Hej {firstName},',
        '{person} ({email}) ber om åtkomst till {customer} i Service Hub.',
        'Meddelande: {message}',
        'Godkänn förfrågan med de behörigheter som behövs, eller avslå den med en motivering.',
      ],
      action: 'Öppna åtkomstförfrågningar',
      footer: 'Du får det här e-postmeddelandet eftersom du är administratör för {customer} i Service Hub.',
    },
    no: {
      subject: '{person} ber om tilgang til {customer}',
      lines: [
        'Hei {firstName},',
        '{person} ({email}) ber om tilgang til {customer} i Service Hub.',
        'Melding: {message}',
        'Godkjenn forespørselen med tillatelsene som trengs, eller avslå den med en begrunnelse.',
      ],
      action: 'Åpne tilgangsforespørsler',
      footer: 'Du får denne e-posten fordi du er administrator for {customer} i Service Hub.',
    },
    da: {
      subject: '{person} beder om adgang til {customer}',
      lines: [
        'Hej {firstName},',
        '{person} ({email}) beder om adgang til {customer} i Service Hub.',
        'Besked: {message}',
        'Godkend anmodningen med de tilladelser, der er brug for, eller afvis den med en begrundelse.',
      ],
      action: 'Åbn adgangsanmodninger',
      footer: 'Du modtager denne e-mail, fordi du er administrator for {customer} i Service Hub.',
    },
    fi: {
      subject: '{person} pyytää pääsyä asiakkaalle {customer}',
      lines: [
        'Hei {firstName},',
        '{person} ({email}) pyytää pääsyä asiakkaalle {customer} Service Hubissa.',
        'Viesti: {message}',
        'Hyväksy pyyntö tarvittavin käyttöoikeuksin tai hylkää se perustellen.',
      ],
      action: 'Avaa käyttöoikeuspyynnöt',
      footer: 'Saat tämän viestin, koska olet asiakkaan {customer} ylläpitäjä Service Hubissa.',
    },
  },
  /** To the person: they hold the account now. */
  requestApproved: {
    'en-SE': {
      subject: 'You now have access to {customer}',
      lines: [
        'Hello {firstName},',
        'Your request for access to {customer} ({customerNumber}) has been approved.',
      ],
      action: 'Open Service Hub',
      footer: 'You receive this e-mail because you asked for access in Service Hub.',
    },
    sv: {
      subject: 'Du har nu åtkomst till {customer}',
      lines: [
        'Hej {firstName},',
        'Din förfrågan om åtkomst till {customer} ({customerNumber}) har godkänts.',
      ],
      action: 'Öppna Service Hub',
      footer: 'Du får det här e-postmeddelandet eftersom du bad om åtkomst i Service Hub.',
    },
    no: {
      subject: 'Du har nå tilgang til {customer}',
      lines: [
        'Hei {firstName},',
        'Forespørselen din om tilgang til {customer} ({customerNumber}) er godkjent.',
      ],
      action: 'Åpne Service Hub',
      footer: 'Du får denne e-posten fordi du ba om tilgang i Service Hub.',
    },
    da: {
      subject: 'Du har nu adgang til {customer}',
      lines: ['Hej {firstName},', 'Din anmodning om adgang til {customer} ({customerNumber}) er godkendt.'],
      action: 'Åbn Service Hub',
      footer: 'Du modtager denne e-mail, fordi du bad om adgang i Service Hub.',
    },
    fi: {
      subject: 'Sinulla on nyt pääsy asiakkaalle {customer}',
      lines: ['Hei {firstName},', 'Pyyntösi päästä asiakkaalle {customer} ({customerNumber}) on hyväksytty.'],
      action: 'Avaa Service Hub',
      footer: 'Saat tämän viestin, koska pyysit pääsyä Service Hubissa.',
    },
  },
  /** To the person, with the administrator's reason; the account is not named (it may not exist). */
  requestDeclined: {
    'en-SE': {
      subject: 'Your access request for {customerNumber} was declined',
      lines: [
        'Hello {firstName},',
        'Your request for access to customer number {customerNumber} was declined.',
        'Reason: {reason}',
      ],
      action: 'See your requests',
      footer: 'You receive this e-mail because you asked for access in Service Hub.',
    },
    sv: {
      subject: 'Din åtkomstförfrågan för {customerNumber} avslogs',
      lines: [
        'Hej {firstName},',
        'Din förfrågan om åtkomst till kundnummer {customerNumber} avslogs.',
        'Motivering: {reason}',
      ],
      action: 'Se dina förfrågningar',
      footer: 'Du får det här e-postmeddelandet eftersom du bad om åtkomst i Service Hub.',
    },
    no: {
      subject: 'Tilgangsforespørselen din for {customerNumber} ble avslått',
      lines: [
        'Hei {firstName},',
        'Forespørselen din om tilgang til kundenummer {customerNumber} ble avslått.',
        'Begrunnelse: {reason}',
      ],
      action: 'Se forespørslene dine',
      footer: 'Du får denne e-posten fordi du ba om tilgang i Service Hub.',
    },
    da: {
      subject: 'Din adgangsanmodning for {customerNumber} blev afvist',
      lines: [
        'Hej {firstName},',
        'Din anmodning om adgang til kundenummer {customerNumber} blev afvist.',
        'Begrundelse: {reason}',
      ],
      action: 'Se dine anmodninger',
      footer: 'Du modtager denne e-mail, fordi du bad om adgang i Service Hub.',
    },
    fi: {
      subject: 'Käyttöoikeuspyyntösi asiakasnumerolle {customerNumber} hylättiin',
      lines: [
        'Hei {firstName},',
        'Pyyntösi päästä asiakasnumerolle {customerNumber} hylättiin.',
        'Perustelu: {reason}',
      ],
      action: 'Katso pyyntösi',
      footer: 'Saat tämän viestin, koska pyysit pääsyä Service Hubissa.',
    },
  },
  /** To the address at the domain an administrator typed. */
  domainVerification: {
    'en-SE': {
      subject: 'Confirm the domain {domain} for {customer} in Service Hub',
      lines: [
        'Hello,',
        '{inviter} wants Service Hub to treat {domain} as a domain of {customer}. People with a verified address at {domain} may then be let into the account at once.',
        'Confirm only if {domain} belongs to {customer}. The link works once and expires in {days} days.',
      ],
      action: 'Confirm the domain',
      footer: 'If you do not know about this, ignore this e-mail: without the confirmation nothing changes.',
    },
    sv: {
      subject: 'Bekräfta domänen {domain} för {customer} i Service Hub',
      lines: [
        'Hej,',
        '{inviter} vill att Service Hub ska räkna {domain} som en domän för {customer}. Personer med en verifierad adress på {domain} kan då släppas in på kontot direkt.',
        'Bekräfta bara om {domain} tillhör {customer}. Länken fungerar en gång och gäller i {days} dagar.',
      ],
      action: 'Bekräfta domänen',
      footer:
        'Om du inte känner till det här kan du bortse från meddelandet: utan bekräftelse ändras ingenting.',
    },
    no: {
      subject: 'Bekreft domenet {domain} for {customer} i Service Hub',
      lines: [
        'Hei,',
        '{inviter} vil at Service Hub skal regne {domain} som et domene for {customer}. Personer med en bekreftet adresse på {domain} kan da slippes inn på kontoen med en gang.',
        'Bekreft bare hvis {domain} tilhører {customer}. Lenken fungerer én gang og er gyldig i {days} dager.',
      ],
      action: 'Bekreft domenet',
      footer:
        'Hvis du ikke kjenner til dette, kan du se bort fra e-posten: uten bekreftelse endres ingenting.',
    },
    da: {
      subject: 'Bekræft domænet {domain} for {customer} i Service Hub',
      lines: [
        'Hej,',
        '{inviter} vil have Service Hub til at regne {domain} som et domæne for {customer}. Personer med en bekræftet adresse på {domain} kan så lukkes ind på kontoen med det samme.',
        'Bekræft kun, hvis {domain} tilhører {customer}. Linket virker én gang og udløber om {days} dage.',
      ],
      action: 'Bekræft domænet',
      footer:
        'Hvis du ikke kender til dette, kan du se bort fra denne e-mail: uden bekræftelse ændres intet.',
    },
    fi: {
      subject: 'Vahvista verkkotunnus {domain} asiakkaalle {customer} Service Hubissa',
      lines: [
        'Hei,',
        '{inviter} haluaa, että Service Hub pitää verkkotunnusta {domain} asiakkaan {customer} verkkotunnuksena. Henkilöt, joilla on vahvistettu osoite verkkotunnuksessa {domain}, voidaan silloin päästää tilille heti.',
        'Vahvista vain, jos {domain} kuuluu asiakkaalle {customer}. Linkki toimii kerran ja vanhenee {days} päivän kuluttua.',
      ],
      action: 'Vahvista verkkotunnus',
      footer: 'Jos et tiedä asiasta, jätä viesti huomiotta: ilman vahvistusta mikään ei muutu.',
    },
  },
} satisfies Record<string, Record<Language, Template>>;

export type AccessRequestMail = keyof typeof ACCESS_REQUEST_MAILS;
