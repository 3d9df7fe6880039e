import type { Language } from '@service-hub/contracts';

export type MailContent = { subject: string; text: string; html: string };

export type Template = { subject: string; lines: readonly string[]; action?: string; footer: string };

/**
 * E-mails in the recipient's language. `{name}`-style placeholders are filled from `values`;
 * the link (if any) follows the lines as a button in HTML and as a plain address in text.
 */
const TEMPLATES: Record<
  | 'invitation'
  | 'joinInvitation'
  | 'emailInUse'
  | 'emailChange'
  | 'mfaCode'
  | 'mfaLocked'
  | 'scheduledReportReady',
  Record<Language, Template>
> = {
  invitation: {
    'en-SE': {
      subject: 'You are invited to Service Hub',
      lines: [
        'Hello {firstName},',
        '{inviter} has invited you to Service Hub for {customer}.',
        'Choose a password to activate your account. The link works once and expires in {days} days.',
      ],
      action: 'Activate account',
      footer: 'If you did not expect this invitation, you can ignore this e-mail.',
    },
    sv: {
      subject: 'Du är inbjuden till Service Hub',
      lines: [
        'Hej {firstName},',
        '{inviter} har bjudit in dig till Service Hub för {customer}.',
        'Välj ett lösenord för att aktivera ditt konto. Länken fungerar en gång och gäller i {days} dagar.',
      ],
      action: 'Aktivera kontot',
      footer: 'Om du inte väntade dig den här inbjudan kan du bortse från e-postmeddelandet.',
    },
    no: {
      subject: 'Du er invitert til Service Hub',
      lines: [
        'Hei {firstName},',
        '{inviter} har invitert deg til Service Hub for {customer}.',
        'Velg et passord for å aktivere kontoen din. Lenken fungerer én gang og er gyldig i {days} dager.',
      ],
      action: 'Aktiver kontoen',
      footer: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
    },
    da: {
      subject: 'Du er inviteret til Service Hub',
      lines: [
        'Hej {firstName},',
        '{inviter} har inviteret dig til Service Hub for {customer}.',
        'Vælg en adgangskode for at aktivere din konto. Linket virker én gang og udløber om {days} dage.',
      ],
      action: 'Aktivér konto',
      footer: 'Hvis du ikke forventede denne invitation, kan du se bort fra denne e-mail.',
    },
    fi: {
      subject: 'Sinut on kutsuttu Service Hubiin',
      lines: [
        'Hei {firstName},',
        '{inviter} on kutsunut sinut Service Hubiin asiakkaan {customer} käyttäjäksi.',
        'Aktivoi tilisi valitsemalla salasana. Linkki toimii kerran ja vanhenee {days} päivän kuluttua.',
      ],
      action: 'Aktivoi tili',
      footer: 'Jos et odottanut tätä kutsua, voit jättää tämän viestin huomiotta.',
    },
  },
  joinInvitation: {
    'en-SE': {
      subject: 'You are invited to {customer} in Service Hub',
      lines: [
        'Hello {firstName},',
        '{inviter} has invited you to {customer} in Service Hub.',
        'Sign in as usual and accept the invitation with the link below; nothing changes until you accept. The link works once and expires in {days} days.',
      ],
      action: 'Accept invitation',
      footer: 'If you did not expect this invitation, you can ignore this e-mail.',
    },
    sv: {
      subject: 'Du är inbjuden till {customer} i Service Hub',
      lines: [
        'Hej {firstName},',
        '{inviter} har bjudit in dig till {customer} i Service Hub.',
        'Logga in som vanligt och godkänn inbjudan via länken nedan; inget ändras förrän du godkänner. Länken fungerar en gång och gäller i {days} dagar.',
      ],
      action: 'Godkänn inbjudan',
      footer: 'Om du inte väntade dig den här inbjudan kan du bortse från e-postmeddelandet.',
    },
    no: {
      subject: 'Du er invitert til {customer} i Service Hub',
      lines: [
        'Hei {firstName},',
        '{inviter} har invitert deg til {customer} i Service Hub.',
        'Logg inn som vanlig og godta invitasjonen med lenken nedenfor; ingenting endres før du godtar. Lenken fungerer én gang og er gyldig i {days} dager.',
      ],
      action: 'Godta invitasjonen',
      footer: 'Hvis du ikke ventet denne invitasjonen, kan du se bort fra denne e-posten.',
    },
    da: {
      subject: 'Du er inviteret til {customer} i Service Hub',
      lines: [
        'Hej {firstName},',
        '{inviter} har inviteret dig til {customer} i Service Hub.',
        'Log ind som sædvanligt, og acceptér invitationen med linket herunder; intet ændres, før du accepterer. Linket virker én gang og udløber om {days} dage.',
      ],
      action: 'Acceptér invitationen',
      footer: 'Hvis du ikke forventede denne invitation, kan du se bort fra denne e-mail.',
    },
    fi: {
      subject: 'Sinut on kutsuttu asiakkaan {customer} tiliin Service Hubissa',
      lines: [
        'Hei {firstName},',
        '{inviter} on kutsunut sinut asiakkaan {customer} tiliin Service Hubissa.',
        'Kirjaudu sisään tavalliseen tapaan ja hyväksy kutsu alla olevalla linkillä; mikään ei muutu ennen kuin hyväksyt. Linkki toimii kerran ja vanhenee {days} päivän kuluttua.',
      ],
      action: 'Hyväksy kutsu',
      footer: 'Jos et odottanut tätä kutsua, voit jättää tämän viestin huomiotta.',
    },
  },
  emailInUse: {
    'en-SE': {
      subject: 'Someone tried to use your e-mail address in Service Hub',
      lines: [
        'Hello {firstName},',
        'Someone asked to change the e-mail address of another Service Hub user to {email}, which is already the address of your user. Nothing has been changed.',
      ],
      footer: 'If you did not expect this, tell your administrator.',
    },
    sv: {
      subject: 'Någon försökte använda din e-postadress i Service Hub',
      lines: [
        'Hej {firstName},',
        'Någon bad om att ändra e-postadressen för en annan användare i Service Hub till {email}, som redan är adressen till din användare. Ingenting har ändrats.',
      ],
      footer: 'Om du inte väntade dig detta, kontakta din administratör.',
    },
    no: {
      subject: 'Noen prøvde å bruke e-postadressen din i Service Hub',
      lines: [
        'Hei {firstName},',
        'Noen ba om å endre e-postadressen til en annen bruker i Service Hub til {email}, som allerede er adressen til brukeren din. Ingenting er endret.',
      ],
      footer: 'Hvis du ikke ventet dette, gi beskjed til administratoren din.',
    },
    da: {
      subject: 'Nogen forsøgte at bruge din e-mailadresse i Service Hub',
      lines: [
        'Hej {firstName},',
        'Nogen bad om at ændre e-mailadressen for en anden bruger i Service Hub til {email}, som allerede er adressen på din bruger. Intet er blevet ændret.',
      ],
      footer: 'Hvis du ikke forventede dette, så giv din administrator besked.',
    },
    fi: {
      subject: 'Joku yritti käyttää sähköpostiosoitettasi Service Hubissa',
      lines: [
        'Hei {firstName},',
        'Joku pyysi vaihtamaan toisen Service Hub -käyttäjän sähköpostiosoitteeksi {email}, joka on jo käyttäjäsi osoite. Mitään ei ole muutettu.',
      ],
      footer: 'Jos et odottanut tätä, ilmoita asiasta ylläpitäjällesi.',
    },
  },
  mfaLocked: {
    'en-SE': {
      subject: 'Sign-in codes for {name} are locked in Service Hub',
      lines: [
        'Hello,',
        'Wrong sign-in codes were entered {failures} times for {name} ({email}). Signing in with a code is locked for {minutes} minutes.',
        'If this was not {name}, someone else may know their password: it should be changed.',
      ],
      footer: 'You receive this as the user or as an administrator of their customer account.',
    },
    sv: {
      subject: 'Inloggningskoderna för {name} är spärrade i Service Hub',
      lines: [
        'Hej,',
        'Fel inloggningskod har angetts {failures} gånger för {name} ({email}). Inloggning med kod är spärrad i {minutes} minuter.',
        'Om det inte var {name} kan någon annan känna till lösenordet: det bör bytas.',
      ],
      footer: 'Du får det här meddelandet som användaren eller som administratör för användarens kundkonto.',
    },
    no: {
      subject: 'Innloggingskodene for {name} er sperret i Service Hub',
      lines: [
        'Hei,',
        'Feil innloggingskode er oppgitt {failures} ganger for {name} ({email}). Innlogging med kode er sperret i {minutes} minutter.',
        'Hvis det ikke var {name}, kan noen andre kjenne passordet: det bør byttes.',
      ],
      footer: 'Du får denne e-posten som brukeren eller som administrator for brukerens kundekonto.',
    },
    da: {
      subject: 'Loginkoderne for {name} er spærret i Service Hub',
      lines: [
        'Hej,',
        'Der er indtastet forkert loginkode {failures} gange for {name} ({email}). Login med kode er spærret i {minutes} minutter.',
        'Hvis det ikke var {name}, kender en anden måske adgangskoden: den bør skiftes.',
      ],
      footer: 'Du får denne e-mail som brugeren eller som administrator for brugerens kundekonto.',
    },
    fi: {
      subject: 'Käyttäjän {name} kirjautumiskoodit on lukittu Service Hubissa',
      lines: [
        'Hei,',
        'Käyttäjälle {name} ({email}) on syötetty väärä kirjautumiskoodi {failures} kertaa. Kirjautuminen koodilla on lukittu {minutes} minuutiksi.',
        'Jos kyse ei ollut käyttäjästä {name}, joku muu saattaa tietää salasanan: se kannattaa vaihtaa.',
      ],
      footer: 'Saat tämän viestin käyttäjänä tai käyttäjän asiakastilin ylläpitäjänä.',
    },
  },
  emailChange: {
    'en-SE': {
      subject: 'Confirm your new e-mail address for Service Hub',
      lines: [
        'Hello {firstName},',
        'Your Service Hub e-mail address is being changed to {email}.',
        'Confirm the change with the link below. It works once and expires in {days} days.',
      ],
      action: 'Confirm e-mail address',
      footer:
        'If you did not ask for this change, ignore this e-mail; nothing changes without your confirmation.',
    },
    sv: {
      subject: 'Bekräfta din nya e-postadress för Service Hub',
      lines: [
        'Hej {firstName},',
        'Din e-postadress i Service Hub ändras till {email}.',
        'Bekräfta ändringen med länken nedan. Den fungerar en gång och gäller i {days} dagar.',
      ],
      action: 'Bekräfta e-postadressen',
      footer:
        'Om du inte har bett om ändringen kan du bortse från meddelandet; inget ändras utan din bekräftelse.',
    },
    no: {
      subject: 'Bekreft den nye e-postadressen din for Service Hub',
      lines: [
        'Hei {firstName},',
        'E-postadressen din i Service Hub endres til {email}.',
        'Bekreft endringen med lenken nedenfor. Den fungerer én gang og er gyldig i {days} dager.',
      ],
      action: 'Bekreft e-postadressen',
      footer:
        'Hvis du ikke har bedt om endringen, kan du se bort fra e-posten; ingenting endres uten at du bekrefter.',
    },
    da: {
      subject: 'Bekræft din nye e-mailadresse til Service Hub',
      lines: [
        'Hej {firstName},',
        'Din e-mailadresse i Service Hub ændres til {email}.',
        'Bekræft ændringen med linket herunder. Det virker én gang og udløber om {days} dage.',
      ],
      action: 'Bekræft e-mailadresse',
      footer:
        'Hvis du ikke har bedt om ændringen, kan du se bort fra denne e-mail; intet ændres uden din bekræftelse.',
    },
    fi: {
      subject: 'Vahvista uusi sähköpostiosoitteesi Service Hubiin',
      lines: [
        'Hei {firstName},',
        'Service Hubin sähköpostiosoitteesi vaihdetaan osoitteeseen {email}.',
        'Vahvista muutos alla olevalla linkillä. Linkki toimii kerran ja vanhenee {days} päivän kuluttua.',
      ],
      action: 'Vahvista sähköpostiosoite',
      footer:
        'Jos et pyytänyt muutosta, voit jättää viestin huomiotta; mitään ei muuteta ilman vahvistustasi.',
    },
  },
  mfaCode: {
    'en-SE': {
      subject: 'Your Service Hub sign-in code: {code}',
      lines: ['Hello {firstName},', 'Your sign-in code is {code}. It is valid for {minutes} minutes.'],
      footer: 'If you did not try to sign in, change your password.',
    },
    sv: {
      subject: 'Din inloggningskod för Service Hub: {code}',
      lines: ['Hej {firstName},', 'Din inloggningskod är {code}. Den gäller i {minutes} minuter.'],
      footer: 'Om det inte var du som försökte logga in bör du byta lösenord.',
    },
    no: {
      subject: 'Innloggingskoden din for Service Hub: {code}',
      lines: ['Hei {firstName},', 'Innloggingskoden din er {code}. Den er gyldig i {minutes} minutter.'],
      footer: 'Hvis det ikke var du som prøvde å logge inn, bør du bytte passord.',
    },
    da: {
      subject: 'Din loginkode til Service Hub: {code}',
      lines: ['Hej {firstName},', 'Din loginkode er {code}. Den gælder i {minutes} minutter.'],
      footer: 'Hvis det ikke var dig, der forsøgte at logge ind, bør du skifte adgangskode.',
    },
    fi: {
      subject: 'Service Hubin kirjautumiskoodisi: {code}',
      lines: ['Hei {firstName},', 'Kirjautumiskoodisi on {code}. Se on voimassa {minutes} minuuttia.'],
      footer: 'Jos et yrittänyt kirjautua, vaihda salasanasi.',
    },
  },
  scheduledReportReady: {
    'en-SE': {
      subject: 'Your scheduled report for {customer} is ready',
      lines: [
        'Hello {firstName},',
        'Your scheduled report for {customer}, {from} to {to}, is ready in Service Hub.',
        'You can download it from the report list for {days} days.',
      ],
      action: 'Open reports',
      footer:
        'You receive this because you scheduled the report. You can pause or remove the schedule on the reports page.',
    },
    sv: {
      subject: 'Din schemalagda rapport för {customer} är klar',
      lines: [
        'Hej {firstName},',
        'Din schemalagda rapport för {customer}, {from} till {to}, är klar i Service Hub.',
        'Du kan ladda ner den från rapportlistan i {days} dagar.',
      ],
      action: 'Öppna rapporter',
      footer:
        'Du får det här meddelandet eftersom du har schemalagt rapporten. Du kan pausa eller ta bort schemat på rapportsidan.',
    },
    no: {
      subject: 'Den planlagte rapporten din for {customer} er klar',
      lines: [
        'Hei {firstName},',
        'Den planlagte rapporten din for {customer}, {from} til {to}, er klar i Service Hub.',
        'Du kan laste den ned fra rapportlisten i {days} dager.',
      ],
      action: 'Åpne rapporter',
      footer:
        'Du får denne e-posten fordi du har planlagt rapporten. Du kan sette planen på pause eller fjerne den på rapportsiden.',
    },
    da: {
      subject: 'Din planlagte rapport for {customer} er klar',
      lines: [
        'Hej {firstName},',
        'Din planlagte rapport for {customer}, {from} til {to}, er klar i Service Hub.',
        'Du kan downloade den fra rapportlisten i {days} dage.',
      ],
      action: 'Åbn rapporter',
      footer:
        'Du får denne e-mail, fordi du har planlagt rapporten. Du kan sætte planen på pause eller fjerne den på rapportsiden.',
    },
    fi: {
      subject: 'Ajastettu raporttisi asiakkaalle {customer} on valmis',
      lines: [
        'Hei {firstName},',
        'Ajastettu raporttisi asiakkaalle {customer} ajalta {from}–{to} on valmis Service Hubissa.',
        'Voit ladata sen raporttiluettelosta {days} päivän ajan.',
      ],
      action: 'Avaa raportit',
      footer:
        'Saat tämän viestin, koska ajastit raportin. Voit keskeyttää ajastuksen tai poistaa sen raporttisivulla.',
    },
  },
};

export type MailTemplate = keyof typeof TEMPLATES;

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

export function renderMail(
  template: MailTemplate,
  language: Language,
  values: Record<string, string | number>,
  link?: string,
): MailContent {
  return renderTemplate(TEMPLATES[template][language], values, link);
}

/** Lays out one template (a feature may keep its own templates in this shape). */
export function renderTemplate(
  t: Template,
  values: Record<string, string | number>,
  link?: string,
): MailContent {
  const fill = (text: string) => text.replace(/\{(\w+)\}/g, (_, key: string) => String(values[key] ?? ''));
  const lines = t.lines.map(fill);
  const text = [
    ...lines,
    ...(link ? ['', `${t.action ? `${fill(t.action)}: ` : ''}${link}`] : []),
    '',
    fill(t.footer),
    '',
    'Service Hub',
  ].join('\n');
  const html = [
    '<!doctype html><html><body style="font-family:Arial,sans-serif;color:#1a1a1a;line-height:1.5">',
    ...lines.map((line) => `<p>${escapeHtml(line)}</p>`),
    link
      ? `<p><a href="${escapeHtml(link)}" style="background:#0b5cad;color:#fff;padding:10px 16px;border-radius:4px;text-decoration:none">${escapeHtml(fill(t.action ?? link))}</a></p><p style="font-size:12px;color:#555">${escapeHtml(link)}</p>`
      : '',
    `<p style="font-size:12px;color:#555">${escapeHtml(fill(t.footer))}</p>`,
    '<p>Service Hub</p></body></html>',
  ].join('');
  return { subject: fill(t.subject), text, html };
}
